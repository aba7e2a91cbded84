import { describe, expect, test } from "vitest";
import { base64UrlToBytes, bytesToBase64Url } from "./crypto";
import {
  decryptPushPayload,
  encryptPushPayload,
  isP256PublicKey,
  MAX_PUSH_PLAINTEXT,
  vapidAuthorization,
  verifyVapid,
} from "./web-push.server";

// RFC 8291 Appendix A, with its line breaks removed.
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  senderPrivateKey: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  senderPublicKey: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  receiverPrivateKey: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  receiverPublicKey: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};
const receiver = { p256dh: RFC8291.receiverPublicKey, auth: RFC8291.authSecret, privateKey: RFC8291.receiverPrivateKey };

describe("RFC 8291 message encryption (aes128gcm)", () => {
  test("the Appendix A keys and salt give the Appendix A body, byte for byte", async () => {
    const body = await encryptPushPayload(RFC8291.plaintext, receiver, {
      senderPrivateKey: RFC8291.senderPrivateKey,
      senderPublicKey: RFC8291.senderPublicKey,
      salt: RFC8291.salt,
    });
    expect(bytesToBase64Url(body)).toBe(RFC8291.body);
  });

  test("the Appendix A body decrypts to its plaintext with the receiver's keys", async () => {
    expect(await decryptPushPayload(base64UrlToBytes(RFC8291.body)!, receiver)).toBe(RFC8291.plaintext);
  });

  test("a fresh message round-trips, with a new salt and sender key each time", async () => {
    const [a, b] = [await encryptPushPayload("New offer from Sam", receiver), await encryptPushPayload("New offer from Sam", receiver)];
    expect(a.subarray(0, 16)).not.toEqual(b.subarray(0, 16));
    expect(a.subarray(21, 86)).not.toEqual(b.subarray(21, 86));
    expect(await decryptPushPayload(a, receiver)).toBe("New offer from Sam");
  });

  test("a tampered body or the wrong auth secret does not decrypt", async () => {
    const body = await encryptPushPayload("hello", receiver);
    body[body.length - 1] ^= 1;
    await expect(decryptPushPayload(body, receiver)).rejects.toThrow();
    const other = await encryptPushPayload("hello", receiver);
    await expect(decryptPushPayload(other, { ...receiver, auth: "AAAAAAAAAAAAAAAAAAAAAA" })).rejects.toThrow();
  });

  test("a payload over one record is refused", async () => {
    await expect(encryptPushPayload("x".repeat(MAX_PUSH_PLAINTEXT + 1), receiver)).rejects.toThrow(/too large/);
    expect((await encryptPushPayload("x".repeat(MAX_PUSH_PLAINTEXT), receiver)).length).toBe(4096); // the most a push service must accept (RFC 8030 §7.2)
  });

  test("a public key must be a point on P-256", async () => {
    expect(await isP256PublicKey(base64UrlToBytes(RFC8291.receiverPublicKey)!)).toBe(true);
    const offCurve = base64UrlToBytes(RFC8291.receiverPublicKey)!;
    offCurve[64] ^= 1;
    expect(await isP256PublicKey(offCurve)).toBe(false);
    expect(await isP256PublicKey(new Uint8Array(33))).toBe(false);
  });
});

describe("RFC 8292 VAPID", () => {
  const keys = { publicKey: RFC8291.senderPublicKey, privateKey: RFC8291.senderPrivateKey };
  const now = new Date("2026-12-02T00:00:00Z");

  test("the header carries an ES256 JWT for the push service's origin and the public key", async () => {
    const header = await vapidAuthorization("https://push.example.net/send/abc?x=1", keys, "mailto:push@lockerswap.example", now);
    expect(header).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const claims = await verifyVapid(header, now);
    expect(claims).toEqual({
      aud: "https://push.example.net",
      exp: now.getTime() / 1000 + 12 * 3600,
      sub: "mailto:push@lockerswap.example",
      k: keys.publicKey,
    });
  });

  test("a changed claim fails the signature, and an expired token is refused", async () => {
    const header = await vapidAuthorization("https://push.example.net/x", keys, "mailto:a@b.example", now);
    const [, claims] = /t=[\w-]+\.([\w-]+)\./.exec(header)!;
    const forged = bytesToBase64Url(new TextEncoder().encode(JSON.stringify({ aud: "https://evil.example", exp: 1, sub: "x" })));
    await expect(verifyVapid(header.replace(claims, forged), now)).rejects.toThrow(/signature/);
    await expect(verifyVapid(header, new Date(now.getTime() + 13 * 3600 * 1000))).rejects.toThrow(/expired/);
  });
});
