// Password hashing for the Worker (issue 4 item 6; ADR: PBKDF2 over WebCrypto). PBKDF2-SHA256 at
// 100,000 iterations — the most deployed Workers allow — on top of an HMAC-SHA256 of the password
// keyed by PASSWORD_PEPPER, so a leaked table alone cannot be attacked offline. The algorithm and
// its parameters are stored with the hash, so a later change of either rehashes at sign-in.
export const PASSWORD_ALGO = "pbkdf2-sha256" as const;
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

export type StoredPassword = { hash: string; algo: string | null; params: string | null };
export type HashedPassword = { hash: string; algo: typeof PASSWORD_ALGO; params: string };

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pepper(password: string, secret: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(password)));
}

async function derive(password: string, secret: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const peppered = await pepper(password, secret);
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

/** Compares in time that depends only on the length, never on where the first difference is. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function hashPassword(password: string, pepperSecret: string): Promise<HashedPassword> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepperSecret, salt, PBKDF2_ITERATIONS);
  return {
    hash: toBase64(hash),
    algo: PASSWORD_ALGO,
    params: JSON.stringify({ iterations: PBKDF2_ITERATIONS, salt: toBase64(salt) }),
  };
}

function parseParams(params: string | null): { iterations: number; salt: Uint8Array<ArrayBuffer> } | null {
  if (!params) return null;
  try {
    const parsed = JSON.parse(params) as { iterations?: unknown; salt?: unknown };
    if (typeof parsed.iterations !== "number" || !Number.isInteger(parsed.iterations) || parsed.iterations < 1) return null;
    if (parsed.iterations > PBKDF2_ITERATIONS) return null; // would fail on a deployed Worker anyway
    if (typeof parsed.salt !== "string") return null;
    return { iterations: parsed.iterations, salt: fromBase64(parsed.salt) };
  } catch {
    return null;
  }
}

/**
 * `needsRehash` is true when the password is right but was stored with other parameters than
 * today's; the caller then stores `hashPassword(password)` again.
 */
export async function verifyPassword(
  password: string,
  pepperSecret: string,
  stored: StoredPassword,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  if (stored.algo !== PASSWORD_ALGO) return { ok: false, needsRehash: false };
  const params = parseParams(stored.params);
  if (!params) return { ok: false, needsRehash: false };
  let expected: Uint8Array;
  try {
    expected = fromBase64(stored.hash);
  } catch {
    return { ok: false, needsRehash: false };
  }
  const actual = await derive(password, pepperSecret, params.salt, params.iterations);
  const ok = timingSafeEqual(actual, expected);
  const needsRehash = ok && (params.iterations !== PBKDF2_ITERATIONS || params.salt.length !== SALT_BYTES);
  return { ok, needsRehash };
}
