import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser, type TestUser } from "../../../tests/factories";
import { startPushService, type ReceivedPush } from "../../../scripts/push-service";
import { PUSH_BODY, PUSH_TEXT } from "~/shared/copy/push";
import type { NotificationKind } from "#db/schema/enums";
import { PushSubscriptionSchema } from "~/shared/schemas/push-subscription";
import {
  backoffMs,
  devicesOf,
  drainPushQueue,
  MAX_DEVICES,
  queuePushStatement,
  removeDevice,
  subscribeDevice,
  type PushConfig,
  type PushNotice,
} from "./push.server";
import { setModeStatement } from "./settings.server";
import { isAllowedPushEndpoint } from "./push-endpoint";

// ADR 087: devices, the per-kind push choice, and the outbox against the local push service.

let t: TestDb;
let service: Awaited<ReturnType<typeof startPushService>>;
let env: PushConfig;
// RFC 8291 Appendix A's sender keys, as a VAPID pair.
const VAPID = {
  VAPID_PUBLIC_KEY: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  VAPID_SUBJECT: "mailto:push@lockerswap.example",
};
const MESSAGE = { title: "New offer from Sam on Bauer skates", body: PUSH_BODY, url: "/deals/1", tag: "deal:1" };
const notice = (userId: string, key: string, detail: string | null = "$40 · Can meet Saturday?"): PushNotice => ({
  userId,
  key,
  title: MESSAGE.title,
  detail,
  url: MESSAGE.url,
  tag: MESSAGE.tag,
});
const queue = (userId: string, kind: NotificationKind, key: string) => queuePushStatement(t.db, kind, [notice(userId, key)]);

beforeAll(async () => {
  t = await createTestDb();
  service = await startPushService({ quiet: true });
  env = { ...VAPID, PUSH_SERVICE_TEST_ORIGIN: service.origin };
});
afterAll(async () => {
  await service.stop();
  t.cleanup();
});

async function browserSubscription() {
  const response = await fetch(`${service.origin}/subscriptions`, { method: "POST" });
  return PushSubscriptionSchema.parse(await response.json());
}
const received = async (endpoint: string) => (await (await fetch(`${endpoint}/messages`)).json()) as ReceivedPush[];
const answerNext = (endpoint: string, status: number, times = 1) =>
  fetch(`${endpoint}/answer`, { method: "POST", body: JSON.stringify({ status, times }) });

async function personWithDevice(push = true): Promise<{ person: TestUser; endpoint: string; deviceId: string }> {
  const person = await createTestUser(t.db);
  const subscription = await browserSubscription();
  const stored = await subscribeDevice(t.db, env, person.id, subscription, "Chrome on Linux");
  if (!stored.ok) throw new Error(stored.message);
  await setModeStatement(t.db, person.id, "deals", "email_now", new Date(), push);
  return { person, endpoint: subscription.endpoint, deviceId: stored.id };
}

const unsent = () => t.db.all<{ n: number }>(sql`select count(*) as n from push_deliveries where sent_at is null and attempts < 6`);
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("which endpoints a subscription may name", () => {
  test("the browsers' push services over https", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-by3p.notify.windows.com/w/?token=x",
    ])
      expect(isAllowedPushEndpoint(ok), ok).toBe(true);
  });

  test("never loopback, private addresses, IP literals, http, other ports, look-alikes or credentials", () => {
    for (const bad of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://127.0.0.1/push",
      "https://localhost/push",
      "https://10.0.0.8/push",
      "https://192.168.1.1/push",
      "https://[::1]/push",
      "https://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com.example/x",
      "https://user:pass@fcm.googleapis.com/x",
      "ftp://fcm.googleapis.com/x",
      "javascript:alert(1)",
      "not a url",
      // The stand-in is allowed only when server configuration names it.
      `${"http://127.0.0.1:9"}/push/x`,
    ])
      expect(isAllowedPushEndpoint(bad), bad).toBe(false);
    expect(isAllowedPushEndpoint("http://127.0.0.1:9/push/x", "http://127.0.0.1:9")).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:10/push/x", "http://127.0.0.1:9")).toBe(false);
  });
});

describe("subscribing a device", () => {
  test("hostile subscriptions are refused with a clear message and store nothing", async () => {
    const person = await createTestUser(t.db);
    const good = await browserSubscription();
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: "https://127.0.0.1/push" }, PUSH_TEXT.notAPushService],
      [{ ...good, endpoint: "http://fcm.googleapis.com/x" }, PUSH_TEXT.notAPushService],
      [{ ...good, endpoint: "https://192.168.0.1/x" }, PUSH_TEXT.notAPushService],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${"a".repeat(2000)}` }, PUSH_TEXT.endpointTooLong],
      [{ ...good, keys: { p256dh: "B" + "A".repeat(86), auth: good.keys.auth } }, PUSH_TEXT.badKeys],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: "short" } }, PUSH_TEXT.badKeys],
      [{ ...good, keys: { p256dh: "B\u0000" + "A".repeat(85), auth: good.keys.auth } }, PUSH_TEXT.badKeys],
      [{ endpoint: good.endpoint }, PUSH_TEXT.badKeys],
    ];
    for (const [input, message] of cases) {
      const parsed = PushSubscriptionSchema.safeParse(input);
      const result = parsed.success ? await subscribeDevice(t.db, env, person.id, parsed.data, "x") : null;
      const said = parsed.success ? (result!.ok ? null : result!.message) : parsed.error.issues[0].message;
      expect(said, JSON.stringify(input).slice(0, 80)).toBe(message);
    }
    expect(await devicesOf(t.db, person.id)).toEqual([]);
  });

  test("the same browser again updates its row; another person signing in on it takes it over", async () => {
    const [sam, bea] = [await createTestUser(t.db), await createTestUser(t.db)];
    const subscription = await browserSubscription();
    await subscribeDevice(t.db, env, sam.id, subscription, "Chrome on Linux");
    await subscribeDevice(t.db, env, sam.id, subscription, "Chrome on Linux");
    expect(await devicesOf(t.db, sam.id)).toHaveLength(1);
    await subscribeDevice(t.db, env, bea.id, subscription, "Chrome on Linux");
    expect(await devicesOf(t.db, sam.id)).toHaveLength(0);
    expect(await devicesOf(t.db, bea.id)).toHaveLength(1);
  });

  test(`at most ${MAX_DEVICES} devices, even when they subscribe at once`, async () => {
    const person = await createTestUser(t.db);
    const subscriptions = await Promise.all(Array.from({ length: MAX_DEVICES + 3 }, browserSubscription));
    const results = await Promise.all(subscriptions.map((s) => subscribeDevice(t.db, env, person.id, s, "Firefox on Linux")));
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_DEVICES);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual(Array(3).fill(PUSH_TEXT.tooManyDevices));
    expect(await devicesOf(t.db, person.id)).toHaveLength(MAX_DEVICES);
  });

  test("a person removes only their own device", async () => {
    const { person, deviceId } = await personWithDevice();
    const other = await createTestUser(t.db);
    expect(await removeDevice(t.db, other.id, deviceId)).toBe(false);
    expect(await devicesOf(t.db, person.id)).toHaveLength(1);
    expect(await removeDevice(t.db, person.id, deviceId)).toBe(true);
    expect(await devicesOf(t.db, person.id)).toEqual([]);
  });
});

describe("the push outbox", () => {
  test("one push per notification per device, decrypted by the service with the device's keys", async () => {
    const { person, endpoint } = await personWithDevice();
    await queue(person.id, "deals", "deal:a:offerReceived");
    await queue(person.id, "deals", "deal:a:offerReceived");
    expect(await drainPushQueue({ db: t.db, env })).toMatchObject({ sent: 1 });
    expect(await drainPushQueue({ db: t.db, env }, later(60))).toMatchObject({ sent: 0 });
    const got = await received(endpoint);
    expect(got.map((m) => JSON.parse(m.payload))).toEqual([MESSAGE]);
    expect(got[0].ttl).toBeGreaterThan(0);
  });

  test("nothing is queued for a kind whose push is off", async () => {
    const { person, endpoint } = await personWithDevice(false);
    await queue(person.id, "deals", "deal:b:offerReceived");
    await queue(person.id, "messages", "dm:b");
    await drainPushQueue({ db: t.db, env });
    expect(await received(endpoint)).toEqual([]);
  });

  test("410 Gone deletes the subscription and its waiting pushes", async () => {
    const { person, endpoint } = await personWithDevice();
    await fetch(endpoint, { method: "DELETE" });
    await queue(person.id, "deals", "deal:c:offerReceived");
    expect(await drainPushQueue({ db: t.db, env })).toMatchObject({ gone: 1 });
    expect(await devicesOf(t.db, person.id)).toEqual([]);
    expect(await t.db.all(sql`select id from push_deliveries where dedupe_key like 'deal:c:%'`)).toEqual([]);
  });

  test("404 deletes it too", async () => {
    const { person, endpoint } = await personWithDevice();
    await answerNext(endpoint, 404);
    await queue(person.id, "deals", "deal:d:offerReceived");
    expect(await drainPushQueue({ db: t.db, env })).toMatchObject({ gone: 1 });
    expect(await devicesOf(t.db, person.id)).toEqual([]);
  });

  test("429 and 5xx are tried again after a growing back-off, and delivered once", async () => {
    const { person, endpoint } = await personWithDevice();
    await answerNext(endpoint, 429);
    await answerNext(endpoint, 503);
    await queue(person.id, "deals", "deal:e:offerReceived");
    const start = new Date();
    expect(await drainPushQueue({ db: t.db, env }, start)).toMatchObject({ retried: 1 });
    // Not again before the back-off has passed.
    expect(await drainPushQueue({ db: t.db, env }, new Date(start.getTime() + backoffMs(1) - 1000))).toMatchObject({ retried: 0, sent: 0 });
    expect(await drainPushQueue({ db: t.db, env }, new Date(start.getTime() + backoffMs(1)))).toMatchObject({ retried: 1 });
    const [{ notBefore }] = await t.db.all<{ notBefore: number }>(
      sql`select not_before as notBefore from push_deliveries where dedupe_key like 'deal:e:%'`,
    );
    expect(notBefore).toBe(start.getTime() + backoffMs(1) + backoffMs(2));
    expect(await drainPushQueue({ db: t.db, env }, new Date(notBefore))).toMatchObject({ sent: 1 });
    expect(await drainPushQueue({ db: t.db, env }, later(600))).toMatchObject({ sent: 0 });
    expect(await received(endpoint)).toHaveLength(1);
  });

  test("a push service that never answers is given up on after the timeout and tried again later (ADR 105)", async () => {
    const { person, endpoint } = await personWithDevice();
    await answerNext(endpoint, 0);
    await queue(person.id, "deals", "deal:t:offerReceived");
    const start = new Date();
    expect(await drainPushQueue({ db: t.db, env, timeoutMs: 300 }, start)).toMatchObject({ retried: 1, sent: 0 });
    const [row] = await t.db.all<{ lastError: string; notBefore: number }>(
      sql`select last_error as lastError, not_before as notBefore from push_deliveries where dedupe_key like 'deal:t:%'`,
    );
    expect(row.lastError).toBe("push service did not answer within 300 ms");
    expect(row.notBefore).toBe(start.getTime() + backoffMs(1));
    expect(await drainPushQueue({ db: t.db, env, timeoutMs: 300 }, new Date(row.notBefore))).toMatchObject({ sent: 1 });
    expect(await received(endpoint)).toHaveLength(1);
  });

  test("two drains at once send each push once", async () => {
    const { person, endpoint } = await personWithDevice();
    for (const n of [1, 2, 3]) await queue(person.id, "deals", `deal:f${n}:offerReceived`);
    const reports = await Promise.all(Array.from({ length: 4 }, () => drainPushQueue({ db: t.db, env })));
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(3);
    expect(await received(endpoint)).toHaveLength(3);
    expect((await unsent())[0].n).toBe(0);
  });

  test("without VAPID keys nothing is sent and nothing is lost", async () => {
    const { person, endpoint } = await personWithDevice();
    await queue(person.id, "deals", "deal:g:offerReceived");
    expect(await drainPushQueue({ db: t.db, env: { PUSH_SERVICE_TEST_ORIGIN: service.origin } })).toEqual({
      sent: 0,
      retried: 0,
      gone: 0,
      failed: 0,
    });
    expect(await received(endpoint)).toEqual([]);
    expect(await drainPushQueue({ db: t.db, env })).toMatchObject({ sent: 1 });
  });
});
