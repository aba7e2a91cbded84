/**
 * Bytes ↔ text and constant-time comparison: the one copy for sessions, password hashes, room
 * tokens, id tokens and CSP nonces. Web APIs only (btoa/atob, crypto.getRandomValues), so it runs
 * the same in the Worker, the browser and Node.
 *
 *   const token = randomBase64Url(32);                  // 256 random bits, URL- and cookie-safe
 *   const bytes = base64UrlToBytes(token);              // null when the text is not base64url
 *   timingSafeEqual(actualHash, expectedHash);          // no early exit on the first difference
 *   await sameSecret(typedCode, storedCode);            // digests first: lengths do not show either
 */

function toBinary(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return binary;
}

function fromBinary(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Standard base64 with padding (RFC 4648 §4). */
export function bytesToBase64(bytes: Uint8Array) {
  return btoa(toBinary(bytes));
}

/** Standard base64 → bytes; null when the text is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    return fromBinary(atob(text));
  } catch {
    return null;
  }
}

/** base64url without padding (RFC 4648 §5), as used in cookies, JWTs and our room tokens. */
export function bytesToBase64Url(bytes: Uint8Array) {
  return bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url (padding optional) → bytes; null when the text holds anything else. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const base64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  return base64ToBytes(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
}

/** `byteLength` random bytes as base64url (32 → 256 bits, 43 characters). */
export function randomBase64Url(byteLength = 32) {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/**
 * The one constant-time comparison of the codebase (password hashes, the rooms' publish secret,
 * invite codes). Time depends only on the length, never on where the first difference is. Text is
 * compared as its UTF-8 bytes. Workers' `crypto.subtle.timingSafeEqual` is not in Node or
 * browsers, so this runs everywhere the same.
 */
export function timingSafeEqual(a: Uint8Array | string, b: Uint8Array | string) {
  const x = typeof a === "string" ? new TextEncoder().encode(a) : a;
  const y = typeof b === "string" ? new TextEncoder().encode(b) : b;
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

/**
 * Two secrets given as text (a typed invite code against the stored one): their SHA-256 digests
 * are compared, so neither where they differ nor their lengths show in the time taken.
 */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  return timingSafeEqual(x, y);
}
