// The session rows and their rules, without HTTP (the cookie, getUser and requireUser are tested in
// app/web/session.server.test.ts).
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, sessions, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { endSession, findSessionViewer, hashToken, SESSION_IDLE_MS, SESSION_LIFETIME_MS, startSession } from "./session.server";

let t: TestDb;
let store: { db: TestDb["db"] };
let userId: string;
const client = { userAgent: "Vitest", ip: "203.0.113.9" };
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

beforeAll(async () => {
  t = await createTestDb();
  store = { db: t.db };
  const [user] = await t.db.insert(users).values({ email: "rows@example.com", emailVerifiedAt: new Date() }).returning();
  await t.db.insert(profiles).values({ userId: user.id, firstName: "Ro", lastName: "Ws", zipCode: "02139" });
  userId = user.id;
});
afterAll(() => t.cleanup());

describe("session rows", () => {
  test("a new session stores only the token's SHA-256, with the browser it was started from", async () => {
    const token = await startSession(store, userId, client);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await hashToken(token)).toBe(sha256(token));
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row).toMatchObject({ userId, userAgent: "Vitest", ip: "203.0.113.9" });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_LIFETIME_MS);
  });

  test("a live token gives its viewer; an unknown, ended or signed-out one gives null", async () => {
    const token = await startSession(store, userId, client);
    expect(await findSessionViewer(store, token)).toEqual({
      id: userId,
      email: "rows@example.com",
      firstName: "Ro",
      lastName: "Ws",
      zipCode: "02139",
      isAdmin: false,
      suspension: null,
      silenced: false,
      minor: null,
    });
    expect(await findSessionViewer(store, "not-a-token")).toBeNull();

    const idle = await startSession(store, userId, client, new Date(Date.now() - SESSION_IDLE_MS - 1000));
    expect(await findSessionViewer(store, idle)).toBeNull();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(idle))),
    ).toEqual([]);

    await endSession(t.db, token);
    expect(await findSessionViewer(store, token)).toBeNull();
  });
});
