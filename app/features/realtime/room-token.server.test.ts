import { describe, expect, test } from "vitest";
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from "jose";
import { roomAudience, signRoomToken, verifyRoomToken } from "./room-token.server";

const secret = "a-realtime-secret-of-at-least-32-chars!";
const room = { party: "club-room", room: "club-1" };
const mint = async (claims = { ...room, sub: "user-1" }, options: { now?: number; ttlSeconds?: number } = {}) =>
  (await signRoomToken(secret, claims, options)).token;
const base64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("room tokens", () => {
  test("a freshly minted token opens its own room", async () => {
    const token = await mint();
    const check = await verifyRoomToken(secret, token, room);
    expect(check).toMatchObject({ ok: true, claims: { sub: "user-1" } });
  });

  test("it is a JWT: HS256, the room as its audience, an expiry it also reports in epoch ms", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const { token, expiresAt } = await signRoomToken(secret, { ...room, sub: "user-1" }, { now, ttlSeconds: 600 });
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    expect(decodeJwt(token)).toMatchObject({ sub: "user-1", aud: "club-room/club-1", exp: now / 1000 + 600 });
    expect(expiresAt).toBe(now + 600_000);
  });

  test("a token for another room (wrong audience) is refused", async () => {
    const token = await mint();
    expect(await verifyRoomToken(secret, token, { ...room, room: "club-2" })).toEqual({ ok: false, reason: "room" });
    expect(await verifyRoomToken(secret, token, { ...room, party: "user-room" })).toEqual({ ok: false, reason: "room" });
  });

  test("an expired token is refused", async () => {
    const minted = Date.now() - 11 * 60 * 1000;
    const token = await mint(undefined, { now: minted });
    expect(await verifyRoomToken(secret, token, room)).toEqual({ ok: false, reason: "expired" });
  });

  test("a token is honoured until its expiry and not a second longer", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const token = await mint(undefined, { now, ttlSeconds: 2 });
    expect((await verifyRoomToken(secret, token, room, now + 1999)).ok).toBe(true);
    expect(await verifyRoomToken(secret, token, room, now + 2000)).toEqual({ ok: false, reason: "expired" });
  });

  test("a tampered token is refused", async () => {
    const token = await mint();
    const [header, body, sig] = token.split(".");
    const forgedBody = base64url(JSON.stringify({ sub: "admin", aud: roomAudience(room), exp: 9999999999 }));
    expect(await verifyRoomToken(secret, `${header}.${forgedBody}.${sig}`, room)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyRoomToken("another-secret-of-at-least-32-chars!!", token, room)).toMatchObject({ ok: false });
    expect(await verifyRoomToken(secret, `${header}.${body}`, room)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifyRoomToken(secret, "not a token", room)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifyRoomToken(secret, null, room)).toEqual({ ok: false, reason: "malformed" });
  });

  test("a token signed with another algorithm, or with none, is refused", async () => {
    const claims = { sub: "admin", aud: roomAudience(room) };
    const unsigned = new UnsecuredJWT(claims).setExpirationTime("10m").encode();
    expect(await verifyRoomToken(secret, unsigned, room)).toEqual({ ok: false, reason: "algorithm" });
    // The header says none but a signature is attached: still refused.
    const [, body, sig] = (await mint()).split(".");
    expect(await verifyRoomToken(secret, `${base64url(JSON.stringify({ alg: "none" }))}.${body}.${sig}`, room)).toMatchObject({
      ok: false,
    });
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS512" })
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(secret));
    expect(await verifyRoomToken(secret, hs512, room)).toEqual({ ok: false, reason: "algorithm" });
  });

  test("a token without a subject is refused", async () => {
    const noSub = await new SignJWT({ aud: roomAudience(room) })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(secret));
    expect(await verifyRoomToken(secret, noSub, room)).toMatchObject({ ok: false, reason: "malformed" });
  });
});
