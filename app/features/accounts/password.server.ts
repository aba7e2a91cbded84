// Password hashing for the Worker (ADR 009; ADR: PBKDF2 over WebCrypto). PBKDF2-SHA256 at
// 100,000 iterations — the most deployed Workers allow — on top of an HMAC-SHA256 of the password
// keyed by PASSWORD_PEPPER, so a leaked table alone cannot be attacked offline. The algorithm and
// its parameters are stored with the hash, so a later change of either rehashes at sign-in.
import { base64ToBytes, bytesToBase64, timingSafeEqual } from "~/platform/crypto";

export const PASSWORD_ALGO = "pbkdf2-sha256" as const;
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

export type StoredPassword = { hash: string; algo: string | null; params: string | null };
export type HashedPassword = { hash: string; algo: typeof PASSWORD_ALGO; params: string };

const encoder = new TextEncoder();

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

export async function hashPassword(password: string, pepperSecret: string): Promise<HashedPassword> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepperSecret, salt, PBKDF2_ITERATIONS);
  return {
    hash: bytesToBase64(hash),
    algo: PASSWORD_ALGO,
    params: JSON.stringify({ iterations: PBKDF2_ITERATIONS, salt: bytesToBase64(salt) }),
  };
}

function parseParams(params: string | null): { iterations: number; salt: Uint8Array<ArrayBuffer> } | null {
  if (!params) return null;
  try {
    const parsed = JSON.parse(params) as { iterations?: unknown; salt?: unknown };
    if (typeof parsed.iterations !== "number" || !Number.isInteger(parsed.iterations) || parsed.iterations < 1) return null;
    if (parsed.iterations > PBKDF2_ITERATIONS) return null; // would fail on a deployed Worker anyway
    if (typeof parsed.salt !== "string") return null;
    const salt = base64ToBytes(parsed.salt);
    return salt ? { iterations: parsed.iterations, salt } : null;
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
  const expected = base64ToBytes(stored.hash);
  if (!expected) return { ok: false, needsRehash: false };
  const actual = await derive(password, pepperSecret, params.salt, params.iterations);
  const ok = timingSafeEqual(actual, expected);
  const needsRehash = ok && (params.iterations !== PBKDF2_ITERATIONS || params.salt.length !== SALT_BYTES);
  return { ok, needsRehash };
}
