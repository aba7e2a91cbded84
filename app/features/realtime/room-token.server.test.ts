import { describe, expect, test } from "vitest";
import { mintRoomToken, verifyRoomToken } from "./room-token.server";

const secret = "a-realtime-secret-of-at-least-32-chars!";
const room = { party: "club-room", room: "club-1" };

describe("room tokens", () => {
  test("a freshly minted token opens its own room", async () => {
    const token = await mintRoomToken(secret, { ...room, sub: "user-1" });
    const check = await verifyRoomToken(secret, token, room);
    expect(check).toMatchObject({ ok: true, payload: { sub: "user-1", room: "club-1" } });
  });

  test("a token for another room is refused", async () => {
    const token = await mintRoomToken(secret, { ...room, sub: "user-1" });
    expect(await verifyRoomToken(secret, token, { ...room, room: "club-2" })).toEqual({ ok: false, reason: "room" });
    expect(await verifyRoomToken(secret, token, { ...room, party: "user-room" })).toEqual({ ok: false, reason: "room" });
  });

  test("an expired token is refused", async () => {
    const minted = Date.now() - 11 * 60 * 1000;
    const token = await mintRoomToken(secret, { ...room, sub: "user-1" }, minted);
    expect(await verifyRoomToken(secret, token, room)).toEqual({ ok: false, reason: "expired" });
  });

  test("a tampered token is refused", async () => {
    const token = await mintRoomToken(secret, { ...room, sub: "user-1" });
    const [body, sig] = token.split(".");
    const forgedBody = btoa(JSON.stringify({ ...room, sub: "admin", exp: 9999999999 })).replace(/=+$/, "");
    expect(await verifyRoomToken(secret, `${forgedBody}.${sig}`, room)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyRoomToken("another-secret-of-at-least-32-chars!!", token, room)).toMatchObject({ ok: false });
    expect(await verifyRoomToken(secret, `${body}`, room)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifyRoomToken(secret, null, room)).toEqual({ ok: false, reason: "malformed" });
  });
});
