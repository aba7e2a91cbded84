// Redirect targets an attacker would try (ADRs 013, 014): other hosts spelled every way a browser
// or a URL parser might read as one, a script URL, and a CR/LF that would add a header. Shared by the
// page test (tests/e2e/security-web.spec.ts) and the plain-HTTP one (tests/security/security-web-http.spec.ts).
export const NASTY_REDIRECTS = [
  "//evil.example",
  "/\\evil.example",
  "/..//evil.example",
  "/.%2E//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/on-deck\r\nSet-Cookie: pwned=1",
];
