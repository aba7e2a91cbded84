/**
 * One cookie's value from a request's Cookie header, or null. Web APIs only: the web layer reads
 * the session cookie with it, features read their own plain-value cookies (the visitor's ZIP).
 */
export function readCookie(request: Request, name: string) {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}
