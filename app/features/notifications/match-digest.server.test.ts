import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox, mailQueue } from "#db/schema";
import { loadZipCodes, usZipRows } from "#db/geodata/load-zips";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { blockUser } from "../moderation/block-actions.server";
import { drainMailQueue, queueMailStatement } from "./mail-queue.server";
import { settingsOf, setModeStatement } from "./settings.server";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";
import { runMatchDigest } from "./match-digest.server";
import { runMatcher } from "../matching/matcher.server";
import { saveSearch } from "../matching/saved-searches.server";
import { applyUnsubscribe } from "./unsubscribe.server";

// ADR 071: the match e-mail — grouped by search, photo, price, distance, absolute links, one-click
// unsubscribe (RFC 8058) and 'Stop these e-mails'; §4: sent from a queue, never twice.

let t: TestDb;
const SECRET = "s".repeat(40);
const ORIGIN = "https://lockerswap.example";
const env = { APP_ENV: "test" as const, APP_ORIGIN: ORIGIN, SESSION_SECRET: SECRET };
const publish = { user: () => undefined };

beforeAll(async () => {
  t = await createTestDb();
  await loadZipCodes(t.db, { rows: usZipRows().filter((row) => ["02139", "02116"].includes(row.zip)) });
});
afterAll(() => t.cleanup());

async function mailsTo(user: TestUser) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
}

describe("the match e-mail", () => {
  test("one mail per person with each search's new matches, sent once; unsubscribing stops the next", async () => {
    const parent = await createTestUser(t.db, { zipCode: "02139" });
    const seller = await createTestUser(t.db, { zipCode: "02116" });
    const pads = await saveSearch(t.db, parent, { path: "/sport/hockey", query: "q=goalie+pads&zip=02139&radius=10" });
    const sticks = await saveSearch(t.db, parent, { path: "/sport/hockey", query: "q=stick" });
    if (!pads.ok || !sticks.ok) throw new Error("not saved");
    await createTestListing(t.db, seller, { title: "Goalie pads <youth>", sport: "hockey", zipCode: "02116", priceCents: 4500 });
    await createTestListing(t.db, seller, { title: "Composite stick", sport: "hockey", zipCode: "02116", priceCents: 3000 });
    await runMatcher({ db: t.db, publish });

    // 'E-mail right away' is not this person's setting (the default is the digest): nothing yet.
    expect(await runMatchDigest({ db: t.db, env }, { mode: "email_now" })).toMatchObject({ mails: 0 });
    const run = await runMatchDigest({ db: t.db, env });
    expect(run).toMatchObject({ mails: 1, listings: 2, sent: 1, failed: 0 });
    const [mail, ...others] = await mailsTo(parent);
    expect(others).toEqual([]);
    expect(mail.subject).toBe("2 new matches for your saved searches");
    expect(mail.text).toContain(
      "Goalie pads · Hockey · within 10 mi of 02139\n  - Goalie pads <youth> · $45 · 2 mi away\n    https://lockerswap.example/listing/",
    );
    expect(mail.text).toContain("Composite stick · $30 · 2 mi away");
    expect(mail.html).toContain("Goalie pads &lt;youth&gt;");
    expect(mail.html).not.toContain("<youth>");
    const headers = JSON.parse(mail.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/lockerswap\.example\/unsubscribe\?token=([^>]+))>$/.exec(headers["List-Unsubscribe"]);
    expect(link).not.toBeNull();
    expect(mail.text).toContain(`Stop all e-mails about matches: ${link![1]}`);

    // Run again: nothing is mailed twice.
    expect(await runMatchDigest({ db: t.db, env })).toMatchObject({ mails: 0, sent: 0 });
    expect(await mailsTo(parent)).toHaveLength(1);

    // The one-click link turns match e-mails off; the next match is in the app only.
    const claims = await verifyUnsubscribeToken(SECRET, link![2]);
    expect(claims).toEqual({ userId: parent.id, scope: { kind: "matches" } });
    if (!claims || claims === "expired") throw new Error("not valid");
    expect(await applyUnsubscribe(t.db, claims)).toEqual({ kind: "matches" });
    expect((await settingsOf(t.db, parent.id)).matches).toBe("in_app");
    await createTestListing(t.db, seller, { title: "Goalie pads senior", sport: "hockey", zipCode: "02116", priceCents: 9000 });
    await runMatcher({ db: t.db, publish });
    expect(await runMatchDigest({ db: t.db, env })).toMatchObject({ mails: 0 });
    expect(await mailsTo(parent)).toHaveLength(1);
  });

  test("'Stop these e-mails' stops one search's; a blocked seller's listing is never mailed", async () => {
    const parent = await createTestUser(t.db, { zipCode: "02139" });
    const seller = await createTestUser(t.db);
    const blocked = await createTestUser(t.db);
    const cleats = await saveSearch(t.db, parent, { path: "/", query: "q=cleats" });
    const shin = await saveSearch(t.db, parent, { path: "/", query: "q=shin+guards" });
    if (!cleats.ok || !shin.ok) throw new Error("not saved");
    const stop = await signUnsubscribeToken(SECRET, { userId: parent.id, scope: { kind: "search", searchId: cleats.id } });
    const claims = await verifyUnsubscribeToken(SECRET, stop);
    if (!claims || claims === "expired") throw new Error("not valid");
    expect(await applyUnsubscribe(t.db, claims)).toEqual({ kind: "search", name: "Cleats" });
    await createTestListing(t.db, seller, { title: "Cleats size 5" });
    await createTestListing(t.db, seller, { title: "Shin guards" });
    await createTestListing(t.db, blocked, { title: "Shin guards, blocked seller" });
    await runMatcher({ db: t.db, publish });
    await blockUser(t.db, parent, blocked.id);
    await runMatchDigest({ db: t.db, env });
    const [mail] = await mailsTo(parent);
    expect(mail.subject).toBe("1 new match for your saved searches");
    expect(mail.text).toContain("Shin guards");
    expect(mail.text).not.toContain("Cleats size 5");
    expect(mail.text).not.toContain("blocked seller");
  });

  test("a forged, tampered, foreign or expired token unsubscribes nobody", async () => {
    const token = await signUnsubscribeToken(SECRET, { userId: "u1", scope: { kind: "matches" } });
    const old = await signUnsubscribeToken(SECRET, { userId: "u1", scope: { kind: "matches" } }, new Date(Date.now() - 366 * 86_400_000));
    expect(await verifyUnsubscribeToken(SECRET, old)).toBe("expired");
    expect(await verifyUnsubscribeToken("x".repeat(40), token)).toBeNull();
    expect(await verifyUnsubscribeToken(SECRET, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(await verifyUnsubscribeToken(SECRET, "not-a-token")).toBeNull();
    expect(await verifyUnsubscribeToken(SECRET, "a".repeat(5000))).toBeNull();
  });
});

describe("the mail queue", () => {
  test("a provider failure is retried with the same idempotency key, and the mail is delivered once", async () => {
    const received: { key: string | undefined; body: string }[] = [];
    let failNext = true;
    const provider = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ key: request.headers["idempotency-key"] as string | undefined, body });
        response.statusCode = failNext ? 503 : 200;
        failNext = false;
        response.end("{}");
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const providerEnv = {
      APP_ENV: "test" as const,
      MAIL_PROVIDER_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`,
    };
    try {
      const now = new Date();
      await queueMailStatement(t.db, { dedupeKey: "test:retry", userId: null, to: "a@example.com", subject: "Hi", text: "Hello" }, now);
      // The same mail queued again (a retried job) is one row.
      await queueMailStatement(t.db, { dedupeKey: "test:retry", userId: null, to: "a@example.com", subject: "Hi", text: "Hello" }, now);
      expect(await drainMailQueue({ db: t.db, env: providerEnv }, now)).toEqual({ sent: 0, failed: 1 });
      // Claimed: a second drain at once does not send it again.
      expect(await drainMailQueue({ db: t.db, env: providerEnv }, now)).toEqual({ sent: 0, failed: 0 });
      const later = new Date(now.getTime() + 6 * 60 * 1000);
      expect(await drainMailQueue({ db: t.db, env: providerEnv }, later)).toEqual({ sent: 1, failed: 0 });
      expect(await drainMailQueue({ db: t.db, env: providerEnv }, new Date(later.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });
      expect(received).toHaveLength(2);
      expect(received[0].key).toBeTruthy();
      expect(received[1].key).toBe(received[0].key);
      const rows = await t.db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, "test:retry"));
      expect(rows).toMatchObject([{ attempts: 2, lastError: null }]);
      expect(rows[0].sentAt).not.toBeNull();
    } finally {
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  test("a digest longer than a page mails everyone once, whole, in one run; the queue is sent in the same run", async () => {
    const seller = await createTestUser(t.db, { zipCode: "02116" });
    const word = `kayak${Date.now().toString(36)}`;
    const people = [];
    for (let i = 0; i < 3; i++) {
      const person = await createTestUser(t.db, { zipCode: "02139" });
      const saved = await saveSearch(t.db, person, { path: "/", query: `q=${word}` });
      if (!saved.ok) throw new Error("not saved");
      people.push(person);
    }
    await createTestListing(t.db, seller, { title: `Touring ${word} paddle`, zipCode: "02116" });
    await createTestListing(t.db, seller, { title: `River ${word} helmet`, zipCode: "02116" });
    await runMatcher({ db: t.db, publish });
    // Pages of 3 pending matches: each page cuts the next person's two short; they wait for the next page.
    const run = await runMatchDigest({ db: t.db, env }, { pageSize: 3 });
    expect(run).toMatchObject({ mails: 3, listings: 6, failed: 0 });
    for (const person of people) {
      const mails = await mailsTo(person);
      expect(mails.map((mail) => mail.subject)).toEqual(["2 new matches for your saved searches"]);
    }
    expect(await runMatchDigest({ db: t.db, env }, { pageSize: 3 })).toMatchObject({ mails: 0 });
  });

  test("the queue is drained batch after batch in one run: 45 mails, 45 sent", async () => {
    const now = new Date();
    const keys = Array.from({ length: 45 }, (_, i) => `test:many:${now.getTime()}:${i}`);
    for (const key of keys) {
      await queueMailStatement(t.db, { dedupeKey: key, userId: null, to: "many@example.com", subject: key, text: "Hello" }, now);
    }
    const report = await drainMailQueue({ db: t.db, env }, now);
    expect(report.failed).toBe(0);
    const unsent = await t.db.all<{ n: number }>(
      sql`select count(*) as n from mail_queue where dedupe_key like ${`test:many:${now.getTime()}:%`} and sent_at is null`,
    );
    expect(Number(unsent[0].n)).toBe(0);
    expect(report.sent).toBeGreaterThanOrEqual(45);
  });

  test("a setting is one row per person and kind, however often it is set", async () => {
    const person = await createTestUser(t.db);
    await setModeStatement(t.db, person.id, "deals", "in_app");
    await setModeStatement(t.db, person.id, "deals", "email_digest");
    expect(await t.db.all(sql`select kind, mode from notification_settings where user_id = ${person.id}`)).toEqual([
      { kind: "deals", mode: "email_digest" },
    ]);
    expect(await settingsOf(t.db, person.id)).toEqual({
      messages: "email_now",
      deals: "email_digest",
      clubs: "in_app",
      matches: "email_digest",
      announcements: "in_app",
      price_drops: "email_digest",
      outgrown: "email_now",
    });
  });
});
