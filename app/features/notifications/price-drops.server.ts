// 'Price drops' (ADR 086): a favourite that got cheaper, told once per drop. A lowered price waits an
// hour in pending_price_drops (listings/price-drops.server.ts); this job, on the matcher's cron, takes
// the drops whose hour is over and — if the listing is still listed and still cheaper than before the
// drop — writes one notice per person who has it On Deck: never its owner, never across a block
// (either way), never someone who may not see it (public, or an active member of one of its clubs).
// The notices and the drop's removal are one batch (the removal guards the inserts, so two runs at
// once tell nobody twice; the unique (user, listing, drop) index says the same). The bell reads the
// notices as the person (matching/matches.server.ts, kind 'drop'); the e-mails below read them as
// the person too, so what they may no longer see since is left out.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { NotificationMode } from "#db/schema/enums";
import type { MailConfig } from "~/platform/mail.server";
import { formatPrice } from "~/shared/format";
import { priceDropLine } from "~/shared/copy/price-drops";
import { viewersById } from "../accounts/viewers-by-id.server";
import { PRICE_DROP_WAIT_MS } from "../listings/price-drops.server";
import { listedStatuses, listingVisibleTo } from "../listings/listing-visibility.server";
import type { Viewer } from "../permissions/viewer";
import type { Publish } from "../realtime/realtime.server";
import { blockBetween } from "../safety/blocks.server";
import { drainMailQueue, queueMailStatement, type DrainReport } from "./mail-queue.server";
import { modeOf } from "./settings.server";
import { pushPriceDrops } from "./kind-push.server";
import type { PushConfig } from "./push.server";

/** Drops settled per run; the rest wait for the next (oldest first). */
const DROPS_PER_RUN = 200;

export type PriceDropRun = { drops: number; notices: number };

/**
 * Tells the favourites of every drop whose hour is over at `now`. `publish`: the bells of the people
 * told refetch (`matches.changed`, `badges.changed`).
 */
export async function runPriceDrops(
  deps: { db: Db; publish: Pick<Publish, "user"> | null; env?: PushConfig },
  { now = new Date() }: { now?: Date } = {},
): Promise<PriceDropRun> {
  const { db } = deps;
  const due = await db.all<{ listingId: string; droppedAt: number }>(sql`select listing_id as listingId, dropped_at as droppedAt
    from pending_price_drops where dropped_at <= ${now.getTime() - PRICE_DROP_WAIT_MS} order by dropped_at limit ${DROPS_PER_RUN}`);
  const run: PriceDropRun = { drops: due.length, notices: 0 };
  const told = new Set<string>();
  const noticeIds: string[] = [];
  for (const drop of due) {
    const pending = sql`p.listing_id = ${drop.listingId} and p.dropped_at = ${drop.droppedAt}`;
    const [notices] = await db.batch([
      db.all<{
        id: string;
        userId: string;
      }>(sql`insert into price_drop_notices (id, user_id, listing_id, from_cents, to_cents, dropped_at, created_at)
        select lower(hex(randomblob(16))), f.user_id, l.id, p.from_cents, l.price_cents, p.dropped_at, ${now.getTime()}
        from pending_price_drops p
        join listings l on l.id = p.listing_id
        join favorites f on f.listing_id = l.id
        where ${pending} and l.price_cents < p.from_cents and l.status in ('active', 'pending_pickup')
          and f.user_id <> l.user_id
          and not ${blockBetween(sql`f.user_id`, sql`l.user_id`)}
          and (l.audience = 'public' or exists (select 1 from listing_clubs lc join club_members cm on cm.club_id = lc.club_id
            where lc.listing_id = l.id and cm.user_id = f.user_id and cm.status = 'active'))
        on conflict (user_id, listing_id, dropped_at) do nothing
        returning id, user_id as userId`),
      db.run(sql`delete from pending_price_drops as p where ${pending}`),
    ]);
    run.notices += notices.length;
    for (const row of notices) {
      told.add(row.userId);
      noticeIds.push(row.id);
    }
  }
  // A push to each device of theirs with 'Push' on for price drops (ADR 100), after the batch.
  if (deps.env) await pushPriceDrops({ db, env: deps.env }, noticeIds);
  for (const userId of told) {
    deps.publish?.user(userId, { type: "matches.changed" });
    deps.publish?.user(userId, { type: "badges.changed" });
  }
  return run;
}

type MailMode = Extract<NotificationMode, "email_now" | "email_digest">;
export type PriceDropMailDeps = { db: Db; env: MailConfig & { APP_ORIGIN: string } };
export type PriceDropMailRun = { people: number; mails: number } & DrainReport;

type Told = { id: string; listingId: string; title: string; fromCents: number; priceCents: number };

/** What one mail covers, once: the person and the notices it tells of. */
async function mailKey(userId: string, lines: Told[]) {
  const ids = lines
    .map((line) => line.id)
    .sort()
    .join("\n");
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(ids)));
  return `price-drops:${userId}:${[...bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The person's notices not yet mailed, as they may see them now (listed, visible, not theirs). */
function unmailedFor(db: Db, viewer: Viewer) {
  return db.all<Told>(sql`select n.id, listings.id as listingId, listings.title, n.from_cents as fromCents, listings.price_cents as priceCents
    from price_drop_notices n join listings on listings.id = n.listing_id
    where n.user_id = ${viewer.id} and n.emailed_at is null and listings.user_id <> ${viewer.id}
      and listings.price_cents < n.from_cents and ${listedStatuses} and ${listingVisibleTo(viewer)}
    order by n.created_at, n.id limit 50`);
}

/**
 * The price-drop e-mails of everyone whose 'price_drops' mode is `mode`: one e-mail per person with
 * every drop not mailed yet ('e-mail right away' on the matcher's cron, the digest once a day). The
 * mail and the notices' `emailed_at` are one batch; every notice considered is settled, shown or not.
 */
export async function runPriceDropMail(deps: PriceDropMailDeps, { mode, now = new Date() }: { mode: MailMode; now?: Date }) {
  const { db, env } = deps;
  const origin = env.APP_ORIGIN.replace(/\/+$/, "");
  const people = await db.all<{ userId: string; email: string }>(sql`select n.user_id as userId, u.email from price_drop_notices n
    join users u on u.id = n.user_id
    where n.emailed_at is null and ${modeOf(sql`n.user_id`, "price_drops")} = ${mode}
    group by n.user_id limit 500`);
  const run: PriceDropMailRun = { people: people.length, mails: 0, sent: 0, failed: 0 };
  const viewers = await viewersById(
    db,
    people.map((p) => p.userId),
    now,
  );
  for (const person of people) {
    const viewer = viewers.get(person.userId);
    const settle = db.run(
      sql`update price_drop_notices set emailed_at = ${now.getTime()} where user_id = ${person.userId} and emailed_at is null`,
    );
    // A deleted or suspended person is not mailed (ADR 069); their notices are settled all the same.
    const lines = viewer && !viewer.suspension ? await unmailedFor(db, viewer) : [];
    if (lines.length === 0) {
      await settle;
      continue;
    }
    const text = [
      "Cheaper now, from your On Deck list:",
      "",
      ...lines.map(
        (line) =>
          `- ${priceDropLine(line.title, formatPrice(line.fromCents), formatPrice(line.priceCents))}\n  ${origin}/listing/${line.listingId}`,
      ),
      "",
      `Choose what we e-mail you: ${origin}/player-profile`,
    ].join("\n");
    const subject =
      lines.length === 1
        ? priceDropLine(lines[0]!.title, formatPrice(lines[0]!.fromCents), formatPrice(lines[0]!.priceCents))
        : `${lines.length} favorites dropped in price`;
    await db.batch([
      queueMailStatement(
        db,
        { dedupeKey: await mailKey(person.userId, lines), userId: person.userId, to: person.email, subject, text },
        now,
      ),
      settle,
    ]);
    run.mails += 1;
  }
  return { ...run, ...(await drainMailQueue(deps, now)) };
}
