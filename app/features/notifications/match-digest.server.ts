// The match e-mail (ADR 071): each person's new matches, grouped by saved search, with a photo,
// the price as they may see it and the distance — once a day for 'e-mail digest' (the default), after
// each matcher run for 'e-mail right away'. The listings go through searchListings again as the
// person, narrowed to the matched ones: a listing sold, hidden or edited out of the search since is
// left out. The mail and the matches' `emailed_at` are one batch; the mail queue sends after it.
// Every link is absolute from APP_ORIGIN (never a request's Host), with a one-click unsubscribe
// (RFC 8058) for all match e-mails and a 'Stop these e-mails' per search.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { NotificationMode } from "#db/schema/enums";
import { formatPrice } from "~/shared/format";
import type { ListingSummary } from "~/shared/schemas/search";
import type { MailConfig } from "~/platform/mail.server";
import { viewersById } from "../accounts/viewers-by-id.server";
import { drainMailQueue, queueMailStatement, type DrainReport } from "./mail-queue.server";
import { modeOf } from "./settings.server";
import { signUnsubscribeToken } from "./unsubscribe-token.server";
import { searchListingsMany } from "../search/search.server";
import { searchPlace } from "../matching/saved-searches.server";

/** Daily at 13:00 UTC (morning across the US): wrangler.toml [triggers], worker.ts scheduled(). */
export const DIGEST_CRON = "0 13 * * *";

export type DigestDeps = { db: Db; env: MailConfig & { APP_ORIGIN: string; SESSION_SECRET: string } };
export type DigestRun = { people: number; mails: number; listings: number } & DrainReport;

type Pending = { userId: string; email: string; searchId: string; name: string; path: string; query: string; listingId: string };
type Section = { searchId: string; name: string; items: ListingSummary[] };

const MAX_PAIRS = 2000;
/** How long one run may go on paging and sending (a cron of ours fires at most every 5 minutes). */
const JOB_BUDGET_MS = 120_000;

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

async function digestKey(userId: string, pairs: string[]) {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(pairs.sort().join("\n")));
  const hex = [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `matches:${userId}:${hex.slice(0, 32)}`;
}

/**
 * Sends the match e-mails of everyone whose 'matches' setting is `mode`: page after page of pending
 * matches (each page settles what it read, so the next one starts after it) until none is left or the
 * run has used `budgetMs` — a daily digest for 10,000 people is one run, not ten days of runs — then
 * sends what it queued within the same budget.
 */
export async function runMatchDigest(
  deps: DigestDeps,
  {
    mode = "email_digest",
    now = new Date(),
    budgetMs = JOB_BUDGET_MS,
    pageSize = MAX_PAIRS,
  }: { mode?: Extract<NotificationMode, "email_now" | "email_digest">; now?: Date; budgetMs?: number; pageSize?: number } = {},
): Promise<DigestRun> {
  const started = Date.now();
  const run: DigestRun = { people: 0, mails: 0, listings: 0, sent: 0, failed: 0 };
  while ((await digestPage(deps, mode, now, run, pageSize)) && Date.now() - started < budgetMs);
  const drained = await drainMailQueue(deps, now, { budgetMs: Math.max(0, budgetMs - (Date.now() - started)) });
  return { ...run, ...drained };
}

/** One page of pending matches mailed; true when there may be more. */
async function digestPage(
  deps: DigestDeps,
  mode: Extract<NotificationMode, "email_now" | "email_digest">,
  now: Date,
  run: DigestRun,
  pageSize: number,
) {
  const { db, env } = deps;
  const origin = env.APP_ORIGIN.replace(/\/+$/, "");
  const pending = await db.all<Pending>(sql`
    select m.user_id as userId, u.email, s.id as searchId, s.name, s.path, s.query, m.listing_id as listingId
    from search_matches m join saved_searches s on s.id = m.saved_search_id join users u on u.id = m.user_id
    where m.emailed_at is null and s.emails = 1 and ${modeOf(sql`m.user_id`, "matches")} = ${mode}
    order by m.user_id, s.created_at, s.id, m.matched_at limit ${pageSize}`);
  const byUser = groupBy(pending, (row) => row.userId);
  const full = pending.length === pageSize;
  // A full page may have cut its last person's matches short: they wait for the next page, whole, so
  // nobody gets two mails from one run (unless one person alone fills a page).
  if (full && byUser.size > 1) byUser.delete(pending[pending.length - 1]!.userId);
  const viewers = await viewersById(db, [...byUser.keys()], now);

  // Each search asks, as its owner, which of its matches they may still see — all of the page's
  // searches sent in batches of statements, not one round trip each.
  const asks = [...byUser].flatMap(([userId, rows]) => {
    const viewer = viewers.get(userId);
    return [...groupBy(rows, (row) => row.searchId)].flatMap(([searchId, matched]) => {
      const place = searchPlace(matched[0].path, matched[0].query);
      if (!viewer || !place) return [];
      const filters = { ...place.state, sport: place.sport, listingIds: matched.map((row) => row.listingId), notOwnedBy: viewer.id };
      return [{ userId, searchId, name: matched[0].name, viewer, filters, options: { limit: matched.length, count: false } }];
    });
  });
  const answers = await searchListingsMany(db, asks);
  const sectionsOf = new Map<string, Section[]>();
  asks.forEach((ask, i) => {
    const items = answers[i]!.items;
    if (items.length === 0) return;
    sectionsOf.set(ask.userId, [...(sectionsOf.get(ask.userId) ?? []), { searchId: ask.searchId, name: ask.name, items }]);
  });

  for (const [userId, rows] of byUser) {
    run.people += 1;
    const viewer = viewers.get(userId);
    const sections = sectionsOf.get(userId) ?? [];
    const pairs = rows.map((row) => [row.searchId, row.listingId]);
    // Every pair considered is settled, shown or not (a hidden listing is not mailed later either).
    const settle = db.run(sql`update search_matches set emailed_at = ${now.getTime()}
      where (saved_search_id, listing_id) in (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${JSON.stringify(pairs)}))`);
    if (!viewer || sections.length === 0) {
      await settle;
      continue;
    }
    const all = await signUnsubscribeToken(env.SESSION_SECRET, { userId, scope: { kind: "matches" } });
    const stopAll = `${origin}/unsubscribe?token=${all}`;
    const stops = await Promise.all(
      sections.map(
        async (section) =>
          `${origin}/unsubscribe?token=${await signUnsubscribeToken(env.SESSION_SECRET, { userId, scope: { kind: "search", searchId: section.searchId } })}`,
      ),
    );
    const count = sections.reduce((sum, section) => sum + section.items.length, 0);
    run.listings += count;
    const line = (item: ListingSummary) =>
      [
        item.title,
        item.priceCents === null ? null : formatPrice(item.priceCents),
        item.distanceMiles === null ? `${item.city}, ${item.state}` : `${Math.round(item.distanceMiles)} mi away`,
      ]
        .filter(Boolean)
        .join(" · ");
    const text = [
      `New matches for your saved searches on LockerSwap:`,
      ...sections.flatMap((section, i) => [
        "",
        section.name,
        ...section.items.map((item) => `  - ${line(item)}\n    ${origin}/listing/${item.id}`),
        `  Stop these e-mails: ${stops[i]}`,
      ]),
      "",
      `Your saved searches: ${origin}/saved-searches`,
      `Stop all e-mails about matches: ${stopAll}`,
    ].join("\n");
    const html = [
      `<p>New matches for your saved searches on LockerSwap:</p>`,
      ...sections.map(
        (section, i) =>
          `<h2 style="font-size:16px">${escape(section.name)}</h2><ul>${section.items
            .map(
              (item) =>
                `<li>${item.photoUrl ? `<img src="${escape(origin + item.photoUrl)}" alt="" width="80" height="60"> ` : ""}<a href="${escape(`${origin}/listing/${item.id}`)}">${escape(line(item))}</a></li>`,
            )
            .join("")}</ul><p><a href="${escape(stops[i])}">Stop these e-mails</a></p>`,
      ),
      `<p><a href="${escape(`${origin}/saved-searches`)}">Your saved searches</a> · <a href="${escape(stopAll)}">Stop all e-mails about matches</a></p>`,
    ].join("");
    await db.batch([
      queueMailStatement(
        db,
        {
          dedupeKey: await digestKey(
            userId,
            pairs.map((pair) => pair.join(":")),
          ),
          userId,
          to: rows[0].email,
          subject: count === 1 ? "1 new match for your saved searches" : `${count} new matches for your saved searches`,
          text,
          html,
          headers: { "List-Unsubscribe": `<${stopAll}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        },
        now,
      ),
      settle,
    ]);
    run.mails += 1;
  }
  return full;
}
