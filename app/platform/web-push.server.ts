/**
 * Web Push by hand on WebCrypto (ADR 087): the message encryption of RFC 8291 (aes128gcm, RFC 8188's
 * one-record form) and the VAPID signature of RFC 8292 (an ES256 JWT). Web APIs only, so the same
 * code runs in the Worker, in Node (the push-service stand-in, scripts/push-service.ts) and in tests.
 *
 *   const body = await encryptPushPayload(text, { p256dh, auth });           // the request body
 *   const authorization = await vapidAuthorization(endpoint, keys, subject); // the Authorization header
 *   const text = await decryptPushPayload(body, uaKeys);                     // the user agent's side
 */
import { base64UrlToBytes, bytesToBase64Url } from "./crypto";

const enc = new TextEncoder();
/** RFC 8188 §2: the record size we declare; one record carries the whole (≤ 4 KB) message. */
const RECORD_SIZE = 4096;
/** RFC 8291 §4: a 4096-byte body less its 86-byte header, the 16-byte tag and the 1-byte delimiter. */
export const MAX_PUSH_PLAINTEXT = 3993;

type Bytes = Uint8Array<ArrayBuffer>;

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function bytes(text: string): Bytes {
  const out = base64UrlToBytes(text);
  if (!out) throw new Error("not base64url");
  return out;
}

/** A P-256 uncompressed point (65 bytes, 0x04 ‖ x ‖ y) and its private scalar as a JWK. */
function jwkOf(publicKey: Uint8Array, d?: string): JsonWebKey {
  return {
    kty: "EC",
    crv: "P-256",
    x: bytesToBase64Url(publicKey.slice(1, 33)),
    y: bytesToBase64Url(publicKey.slice(33, 65)),
    ...(d ? { d } : {}),
  };
}

/** True for a 65-byte uncompressed P-256 point that is on the curve (WebCrypto refuses one that is not). */
export async function isP256PublicKey(key: Uint8Array): Promise<boolean> {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    await crypto.subtle.importKey("raw", new Uint8Array(key), { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bits: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ikm), "HKDF", false, ["deriveBits"]);
  const out = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(salt), info: new Uint8Array(info) },
    key,
    bits,
  );
  return new Uint8Array(out);
}

/** RFC 8291 §3.4: the content-encryption key and nonce from the ECDH secret, the auth secret and the salt. */
async function keyAndNonce(ecdhSecret: Uint8Array, auth: Uint8Array, salt: Uint8Array, uaPublic: Uint8Array, asPublic: Uint8Array) {
  const keyInfo = concat(enc.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(auth, ecdhSecret, keyInfo, 256);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 128);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 96);
  return { key: await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt", "decrypt"]), nonce };
}

export type PushKeys = { p256dh: string; auth: string };

/**
 * The encrypted body of one push message (RFC 8291 §4): salt ‖ rs ‖ idlen ‖ the sender's one-time
 * public key ‖ the record. `fixed` is for the RFC's test vector only: a fresh key pair and salt
 * are made for every message otherwise.
 */
export async function encryptPushPayload(
  plaintext: string,
  keys: PushKeys,
  fixed?: { senderPrivateKey: string; senderPublicKey: string; salt: string },
): Promise<Bytes> {
  const data = enc.encode(plaintext);
  if (data.length > MAX_PUSH_PLAINTEXT) throw new Error("push payload too large");
  const uaPublic = bytes(keys.p256dh);
  const auth = bytes(keys.auth);
  const uaKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  let senderPrivate: CryptoKey;
  let asPublic: Bytes;
  if (fixed) {
    asPublic = bytes(fixed.senderPublicKey);
    const jwk = jwkOf(asPublic, fixed.senderPrivateKey);
    senderPrivate = await crypto.subtle.importKey("jwk", jwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  } else {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    senderPrivate = pair.privateKey;
    asPublic = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  }
  const salt = fixed ? bytes(fixed.salt) : crypto.getRandomValues(new Uint8Array(16));
  const secret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey }, senderPrivate, 256));
  const { key, nonce } = await keyAndNonce(secret, auth, salt, uaPublic, asPublic);
  // One record, so it is the last: the 0x02 delimiter, no padding.
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, concat(data, Uint8Array.of(2))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, record);
}

/** The user agent's private side of a subscription: its key pair and auth secret. */
export type PushReceiverKeys = PushKeys & { privateKey: string };

/** RFC 8291 §3.4 read back: what a browser does with a push (the stand-in and the tests). */
export async function decryptPushPayload(body: Uint8Array, keys: PushReceiverKeys): Promise<string> {
  if (body.length < 21 + 65 + 17) throw new Error("push body too short");
  const salt = body.slice(0, 16);
  const idLength = body[20];
  const asPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  const uaPublic = bytes(keys.p256dh);
  const receiver = await crypto.subtle.importKey("jwk", jwkOf(uaPublic, keys.privateKey), { name: "ECDH", namedCurve: "P-256" }, false, [
    "deriveBits",
  ]);
  const sender = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const secret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, receiver, 256));
  const { key, nonce } = await keyAndNonce(secret, bytes(keys.auth), salt, uaPublic, asPublic);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error("bad push padding");
  return new TextDecoder().decode(padded.subarray(0, end));
}

/** The application server's VAPID key pair (RFC 8292 §3.2): base64url public point and private scalar. */
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The Authorization header for one push request (RFC 8292 §2–3): `vapid t=<ES256 JWT>, k=<public key>`,
 * the JWT's audience the push service's origin, valid 12 hours.
 */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, now = new Date()): Promise<string> {
  const publicKey = bytes(keys.publicKey);
  const signingKey = await crypto.subtle.importKey(
    "jwk",
    jwkOf(publicKey, keys.privateKey),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const part = (value: object) => bytesToBase64Url(enc.encode(JSON.stringify(value)));
  const exp = Math.floor(now.getTime() / 1000) + 12 * 3600;
  const unsigned = `${part({ typ: "JWT", alg: "ES256" })}.${part({ aud: new URL(endpoint).origin, exp, sub: subject })}`;
  // WebCrypto's ECDSA signature is r ‖ s (IEEE P1363), the form JWS ES256 takes (RFC 7518 §3.4).
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signingKey, enc.encode(unsigned));
  return `vapid t=${unsigned}.${bytesToBase64Url(new Uint8Array(signature))}, k=${keys.publicKey}`;
}

/** Checks a VAPID header as a push service would (RFC 8292 §4): the stand-in's side. Returns the JWT's claims. */
export async function verifyVapid(authorization: string, now = new Date()): Promise<{ aud: string; exp: number; sub: string; k: string }> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error("not a vapid Authorization");
  const [, header, claims, signature, k] = match;
  const key = await crypto.subtle.importKey("raw", bytes(k), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const ok = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, bytes(signature), enc.encode(`${header}.${claims}`));
  if (!ok) throw new Error("bad vapid signature");
  const body = JSON.parse(new TextDecoder().decode(bytes(claims))) as { aud: string; exp: number; sub: string };
  if (body.exp * 1000 < now.getTime() || body.exp * 1000 > now.getTime() + 24 * 3600 * 1000)
    throw new Error("vapid token expired or too long");
  return { ...body, k };
}
