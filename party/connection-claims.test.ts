import { describe, expect, test } from "vitest";
import { CLAIM_HEADERS, exceptedUsers, isExpired, nextExpiry, readClaims, receives, userTag, withClaims } from "./connection-claims";

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const inSeconds = (s: number) => Math.floor(now / 1000) + s;

describe("a room honours a token for its lifetime only", () => {
  test("a connection whose token runs out is expired from that second on", () => {
    const claims = { sub: "u1", exp: inSeconds(2) };
    expect(isExpired(claims, now)).toBe(false);
    expect(isExpired(claims, now + 1999)).toBe(false);
    expect(isExpired(claims, now + 2000)).toBe(true);
  });

  test("a connection with no verified claims counts as expired", () => {
    expect(isExpired(null, now)).toBe(true);
  });

  test("the room wakes up at the earliest expiry still ahead, and not at all when none is", () => {
    const claims = [{ sub: "a", exp: inSeconds(600) }, { sub: "b", exp: inSeconds(2) }, { sub: "c", exp: inSeconds(-5) }, null];
    expect(nextExpiry(claims, now)).toBe(inSeconds(2) * 1000);
    expect(nextExpiry([{ sub: "c", exp: inSeconds(-5) }], now)).toBeNull();
    expect(nextExpiry([], now)).toBeNull();
  });
});

describe("claims travel from routeRooms to the room in headers it sets", () => {
  test("the verified user and expiry replace whatever the browser sent", () => {
    const forged = new Request("https://app.test/parties/club-room/club:1?token=x", {
      headers: { [CLAIM_HEADERS.sub]: "someone-else", [CLAIM_HEADERS.exp]: "9999999999", Upgrade: "websocket" },
    });
    const forwarded = withClaims(forged, { sub: "u1", exp: 1234 });
    expect(readClaims(forwarded)).toEqual({ sub: "u1", exp: 1234 });
    expect(forwarded.headers.get("Upgrade")).toBe("websocket");
  });

  test("a request without claims yields none", () => {
    expect(readClaims(new Request("https://app.test/"))).toBeNull();
    expect(
      readClaims(new Request("https://app.test/", { headers: { [CLAIM_HEADERS.sub]: "u1", [CLAIM_HEADERS.exp]: "soon" } })),
    ).toBeNull();
  });

  test("connections are tagged by user id, so one user's sockets can be found", () => {
    expect(userTag("u1")).toBe("user:u1");
  });
});

describe("a publish may name users whose connections skip it (the room does not know why)", () => {
  test("everyone else receives it; no list means everyone; a connection without claims never does", () => {
    const except = exceptedUsers("u2,u3");
    expect(receives({ sub: "u1", exp: 1 }, except)).toBe(true);
    expect(receives({ sub: "u2", exp: 1 }, except)).toBe(false);
    expect(receives({ sub: "u3", exp: 1 }, except)).toBe(false);
    expect(receives({ sub: "u2", exp: 1 }, exceptedUsers(null))).toBe(true);
    expect([...exceptedUsers(",u1,,")]).toEqual(["u1"]);
    expect(receives(null, exceptedUsers(null))).toBe(false);
  });
});
