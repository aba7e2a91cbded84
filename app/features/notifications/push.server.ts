// Web Push (ADR 087): a person's devices, the per-kind 'Push' choice, and the push outbox.
//
// A device is one browser's subscription (endpoint + RFC 8291 keys), stored for the signed-in person
// after the endpoint passed isAllowedPushEndpoint and the key is a point on P-256. A notification is
// queued as one push_deliveries row per device of a person whose 'push' is on for the kind (the
// dedupe key '{notification}:{device}': a retry stores it once), then drained: encrypted (aes128gcm),
// signed (VAPID) and POSTed. 2xx → sent; 404/410 → the subscription is gone, its row deleted (and its
// deliveries with it); 429/5xx/network → tried again after a back-off, at most MAX_ATTEMPTS times;
// any other 4xx → given up. A row is claimed (not_before moved on) before it is sent, so two drains
// never both send it.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { NotificationKind } from "#db/schema/enums";
import { base64UrlToBytes } from "~/platform/crypto";
import { encryptPushPayload, isP256PublicKey, vapidAuthorization } from "~/platform/web-push.server";
import { PUSH_BODY, PUSH_TEXT } from "~/shared/copy/push";
import type { PushSubscriptionInput } from "~/shared/schemas/push-subscription";
import { isAllowedPushEndpoint } from "./push-endpoint";

export type PushConfig = {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_SERVICE_TEST_ORIGIN?: string;
};

export const MAX_DEVICES = 10;
const MAX_ATTEMPTS = 6;
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
/** Back-off after a 429 or 5xx: 1, 2, 4, 8, 16 minutes (or the service's Retry-After, if longer). */
export const backoffMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);
/** How long a push service keeps a message for an offline device (RFC 8030 §5.2). */
const TTL_SECONDS = 24 * 3600;
/** How long one push request may take before it counts as a network failure (ADR 105). */
export const PUSH_TIMEOUT_MS = 10_000;

/** True when push is configured: the settings offer devices only then. */
export const pushConfigured = (env: PushConfig) => Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT);

export type SubscribeResult = { ok: true; id: string } | { ok: false; status: 400 | 409; message: string };

/**
 * Stores a device for `userId` (the session's person; nothing posted names whose). The endpoint is
 * unique: the same browser subscribing again updates its keys, and a browser now signed in as
 * someone else moves to them (the device should tell only the person using it).
 */
export async function subscribeDevice(
  db: Db,
  env: PushConfig,
  userId: string,
  input: PushSubscriptionInput,
  label: string,
  now = new Date(),
): Promise<SubscribeResult> {
  if (!isAllowedPushEndpoint(input.endpoint, env.PUSH_SERVICE_TEST_ORIGIN))
    return { ok: false, status: 400, message: PUSH_TEXT.notAPushService };
  const key = base64UrlToBytes(input.keys.p256dh);
  const auth = base64UrlToBytes(input.keys.auth);
  if (!key || !auth || auth.length !== 16 || !(await isP256PublicKey(key))) return { ok: false, status: 400, message: PUSH_TEXT.badKeys };
  const id = crypto.randomUUID();
  // One statement decides the cap and the upsert, so concurrent subscribes cannot pass ten.
  const rows = await db.all<{ id: string }>(sql`
    insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, label, created_at)
    select ${id}, ${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${label}, ${now.getTime()}
    where (select count(*) from push_subscriptions where user_id = ${userId} and endpoint <> ${input.endpoint}) < ${MAX_DEVICES}
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label
    returning id`);
  if (rows.length === 0) return { ok: false, status: 409, message: PUSH_TEXT.tooManyDevices };
  return { ok: true, id: rows[0].id };
}

export type Device = { id: string; label: string; createdAt: number };

/** A person's devices, newest first. */
export function devicesOf(db: Db, userId: string): Promise<Device[]> {
  return db.all<Device>(
    sql`select id, label, created_at as createdAt from push_subscriptions where user_id = ${userId} order by created_at desc, id`,
  );
}

/** Removes one of `userId`'s devices; false when it is not theirs (or gone): the caller answers 404. */
export async function removeDevice(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const rows = await db.all(sql`delete from push_subscriptions where id = ${deviceId} and user_id = ${userId} returning id`);
  return rows.length > 0;
}

/**
 * One notification as a push tells it (ADR 100): `title` says who and what kind ('New offer from Sam
 * on Bauer skates') and is always shown; `detail` is the message's words or a price, carried only for
 * a person who chose 'Show message text' (else the body is PUSH_BODY). `key` names the notification
 * once ('deal:{id}:offerReceived:{revision}'), so a retry or a second job adds nothing.
 */
export type PushNotice = { userId: string; key: string; title: string; detail?: string | null; url: string; tag: string };

/** The most of a message's words a push carries (the lock screen shows two lines or so). */
const DETAIL_CHARS = 140;

/** A message's words as a push's detail: one line, at most DETAIL_CHARS. */
export const pushExcerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DETAIL_CHARS ? `${flat.slice(0, DETAIL_CHARS - 1)}…` : flat;
};

/**
 * The one statement through which every kind's pushes go (ADR 087, 100): one push_deliveries row
 * per notice per device of its person, only where their 'Push' is on for `kind`; the body is the
 * notice's detail only where they chose 'Show message text' — decided here, in the query, so no
 * caller can put words on a lock screen by forgetting a check. `notices` are either values or a
 * SELECT of (user_id, notice_key, title, detail, url, tag), so a job can queue its pushes in the
 * batch that writes what they tell of.
 */
export function queuePushStatement(db: Db, kind: NotificationKind, notices: readonly PushNotice[] | SQL, now = new Date()) {
  const source = Array.isArray(notices)
    ? sql`select json_extract(value, '$.userId') as user_id, json_extract(value, '$.key') as notice_key,
        json_extract(value, '$.title') as title, json_extract(value, '$.detail') as detail,
        json_extract(value, '$.url') as url, json_extract(value, '$.tag') as tag from json_each(${JSON.stringify(notices)})`
    : (notices as SQL);
  // `where 1`: SQLite reads the ON of an upsert after a join as the join's (its docs' "parsing ambiguity").
  return db.run(sql`insert into push_deliveries (id, dedupe_key, subscription_id, payload, created_at, not_before, attempts)
    select lower(hex(randomblob(16))), n.notice_key || ':' || ps.id, ps.id,
      json_object('title', n.title,
        'body', case when pp.show_text = 1 and n.detail is not null and n.detail <> '' then n.detail else ${PUSH_BODY} end,
        'url', n.url, 'tag', n.tag),
      ${now.getTime()}, ${now.getTime()}, 0
    from (${source}) n
    join notification_settings ns on ns.user_id = n.user_id and ns.kind = ${kind} and ns.push = 1
    join push_subscriptions ps on ps.user_id = n.user_id
    left join push_preferences pp on pp.user_id = n.user_id
    where 1
    on conflict (dedupe_key) do nothing`);
}

/**
 * Queues `notices` of `kind` and sends what is due at once — what a route's `waitUntil` or a job
 * calls after its write committed. Never throws: the notification itself already happened, and
 * what failed to send is retried by the matcher's cron.
 */
export async function pushNotices(deps: { db: Db; env: PushConfig }, kind: NotificationKind, notices: readonly PushNotice[] | SQL) {
  if (!pushConfigured(deps.env)) return;
  try {
    if (Array.isArray(notices) && notices.length === 0) return;
    await queuePushStatement(deps.db, kind, notices);
    await drainPushQueue(deps);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "push_failed", kind, message: String(error) }));
  }
}

export type PushReport = { sent: number; retried: number; gone: number; failed: number };

type Claimed = { id: string; payload: string; attempts: number; endpoint: string; p256dh: string; auth: string; subscriptionId: string };

/** Sends what is due (oldest first), each once. Does nothing when push is not configured. */
export async function drainPushQueue(deps: { db: Db; env: PushConfig; timeoutMs?: number }, now = new Date()): Promise<PushReport> {
  const report: PushReport = { sent: 0, retried: 0, gone: 0, failed: 0 };
  const { db, env } = deps;
  if (!pushConfigured(env)) return report;
  const ids = await db.all<{ id: string }>(sql`
    update push_deliveries set not_before = ${now.getTime() + CLAIM_MS}, attempts = attempts + 1
    where id in (select id from push_deliveries where sent_at is null and attempts < ${MAX_ATTEMPTS} and not_before <= ${now.getTime()}
      order by not_before limit ${BATCH})
    returning id`);
  if (ids.length === 0) return report;
  const claimed = await db.all<Claimed>(sql`
    select d.id, d.payload, d.attempts, d.subscription_id as subscriptionId, s.endpoint, s.p256dh, s.auth
    from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
    where d.id in (select value from json_each(${JSON.stringify(ids.map((r) => r.id))}))`);
  for (const row of claimed) {
    const outcome = await sendOne(env, row, now, deps.timeoutMs ?? PUSH_TIMEOUT_MS);
    if (outcome.kind === "sent") {
      await db.run(sql`update push_deliveries set sent_at = ${Date.now()}, last_error = null where id = ${row.id}`);
      report.sent += 1;
    } else if (outcome.kind === "gone") {
      await db.run(sql`delete from push_subscriptions where id = ${row.subscriptionId}`);
      report.gone += 1;
    } else if (outcome.kind === "retry") {
      const wait = Math.max(backoffMs(row.attempts), outcome.retryAfterMs ?? 0);
      await db.run(
        sql`update push_deliveries set not_before = ${now.getTime() + wait}, last_error = ${outcome.error} where id = ${row.id}`,
      );
      report.retried += 1;
    } else {
      await db.run(sql`update push_deliveries set attempts = ${MAX_ATTEMPTS}, last_error = ${outcome.error} where id = ${row.id}`);
      report.failed += 1;
    }
  }
  return report;
}

type Outcome =
  { kind: "sent" } | { kind: "gone" } | { kind: "retry"; error: string; retryAfterMs?: number } | { kind: "failed"; error: string };

async function sendOne(env: PushConfig, row: Claimed, now: Date, timeoutMs: number): Promise<Outcome> {
  // Checked again at send time: configuration may have changed since the device was stored.
  if (!isAllowedPushEndpoint(row.endpoint, env.PUSH_SERVICE_TEST_ORIGIN)) return { kind: "failed", error: "endpoint not allowed" };
  try {
    const body = await encryptPushPayload(row.payload, { p256dh: row.p256dh, auth: row.auth });
    const authorization = await vapidAuthorization(
      row.endpoint,
      { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY! },
      env.VAPID_SUBJECT!,
      now,
    );
    const response = await fetch(row.endpoint, {
      method: "POST",
      // Never follow a redirect: the next hop would be an address nobody checked.
      redirect: "manual",
      // A push service that never answers must not hold the drain (ADR 105): AbortSignal.timeout runs in
      // workerd and Node alike; the abort lands in the catch below as a retry with back-off.
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        Authorization: authorization,
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        TTL: String(TTL_SECONDS),
        Urgency: "normal",
      },
      body,
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { kind: "sent" };
    if (response.status === 404 || response.status === 410) return { kind: "gone" };
    if (response.status === 429 || response.status >= 500) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      return {
        kind: "retry",
        error: `push service answered ${response.status}`,
        retryAfterMs: retryAfter > 0 ? Math.min(retryAfter, 3600) * 1000 : undefined,
      };
    }
    return { kind: "failed", error: `push service answered ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return { kind: "retry", error: timedOut ? `push service did not answer within ${timeoutMs} ms` : String(error).slice(0, 500) };
  }
}
