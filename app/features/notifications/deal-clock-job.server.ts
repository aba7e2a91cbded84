// The deal clock as a job (ADR 068): `runDealClock` changes the deals whose time came
// (offers expire at 48 h, a reminder at 24 h, one-sided hand-overs complete at 72 h, no hand-over
// lapses 7 days after the meeting day, blind reviews publish at 14 days); this sends what leaves
// the system afterwards — the reminder mails for the deals its UPDATE marked (so each goes once,
// and only for a change that committed) and `deal.changed` + `badges.changed` to both parties'
// user rooms for every deal it moved. One function for every runtime: the Workers cron trigger
// (worker.ts scheduled), `npm start`'s scheduler (scripts/start.ts through /__scheduled) and tests
// (POST /dev/deal-clock). The caller passes the database, the mail config and the publisher.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealRevisions, deals, type Deal } from "#db/schema";
import type { Publish } from "../realtime/realtime.server";
import type { ClockEffect } from "../trade/deal-machine";
import { mailReminder, type DealMailDeps } from "./deal-mail.server";
import { runDealClock } from "../trade/deal-clock.server";

/** The cron of the deal clock (wrangler.toml [triggers]); worker.ts scheduled() picks the job by it. */
export const DEAL_CLOCK_CRON = "*/15 * * * *";

export type DealClockDeps = DealMailDeps & { publish: Pick<Publish, "user"> };

/** What one run did, by deal id (the job's log line and the dev route's answer). */
export type DealClockRun = {
  expired: string[];
  reminded: string[];
  completed: string[];
  lapsed: string[];
  reviewsPublished: number;
};

export async function runDealClockJob(deps: DealClockDeps, now = new Date(), only?: readonly string[]): Promise<DealClockRun> {
  const report = await runDealClock(deps.db, now, only);
  // One after another: a handful of deals per quarter hour, and a failed mail is logged, not thrown.
  for (const deal of report.reminded) await mailReminder(deps, deal);
  const moved: [Deal, Exclude<ClockEffect, "remind" | null>][] = [
    ...report.expired.map((d) => [d, "expire"] as [Deal, "expire"]),
    ...report.completed.map((d) => [d, "autoComplete"] as [Deal, "autoComplete"]),
    ...report.lapsed.map((d) => [d, "lapse"] as [Deal, "lapse"]),
  ];
  for (const [deal, step] of moved) {
    for (const userId of [deal.proposerId, deal.ownerId]) {
      if (!userId) continue; // a deleted account has no room
      deps.publish.user(userId, { type: "deal.changed", dealId: deal.id, listingId: deal.listingId, state: deal.state, step });
      deps.publish.user(userId, { type: "badges.changed" });
    }
  }
  const ids = (list: Deal[]) => list.map((d) => d.id);
  return {
    expired: ids(report.expired),
    reminded: ids(report.reminded),
    completed: ids(report.completed),
    lapsed: ids(report.lapsed),
    reviewsPublished: report.reviewsPublished,
  };
}

/**
 * TEST-ONLY (POST /dev/deal-clock, never reachable in production): moves these deals `ms` into
 * the past — every time they carry — so the next clock run at the real time treats them as if the
 * clock had moved `ms` forward for them alone. The e2e stack is shared by tests running in
 * parallel; moving the clock for everyone would expire their offers too.
 */
export async function moveDealsBack(db: Db, dealIds: string[], ms: number): Promise<void> {
  if (dealIds.length === 0 || ms <= 0) return;
  const back = (column: string) => sql`${sql.identifier(column)} = ${sql.identifier(column)} - ${ms}`;
  const columns = [
    "created_at",
    "last_revision_at",
    "reminder_sent_at",
    "accepted_at",
    "meetup_at",
    "meetup_confirmed_at",
    "handed_over_by_proposer_at",
    "handed_over_by_owner_at",
    "completed_at",
    "closed_at",
  ];
  // NULL - ms stays NULL: only the times a deal has move.
  await db.batch([
    db.run(sql`update ${deals} set ${sql.join(columns.map(back), sql`, `)} where ${inArray(deals.id, dealIds)}`),
    db.run(sql`update ${dealRevisions} set ${back("created_at")} where ${inArray(dealRevisions.dealId, dealIds)}`),
  ]);
}
