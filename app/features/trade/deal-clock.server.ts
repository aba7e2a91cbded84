// The deal clock's database part (ADR 068): offers expire after 48 h (a reminder at 24 h), one-sided
// hand-overs complete after 72 h, deals with no hand-over lapse 7 days after the meeting day, blind
// reviews publish at 14 days. Each deal is its own conditional step, so a party acting at the same
// moment wins or loses cleanly. What leaves the system afterwards (mails, room events) is
// notifications/deal-clock-job.server.ts.
import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { deals, type Deal } from "#db/schema";
import { AUTO_COMPLETE_MS, LAPSE_AFTER_MEETUP_MS, OFFER_REMINDER_MS, OFFER_TTL_MS, REVIEW_BLIND_MS } from "./deal-machine";
import { completionStatements, releaseStatements } from "./deal-transitions.server";

// ---------------------------------------------------------------------------------------------
// The clock (a Workers cron trigger in production, the scheduler of `npm start`, and tests)
// ---------------------------------------------------------------------------------------------

export type ClockReport = { expired: Deal[]; reminded: Deal[]; completed: Deal[]; lapsed: Deal[]; reviewsPublished: number };

/**
 * Expires offers unanswered for 48 h (a reminder at 24 h), completes deals one side handed over
 * 72 h ago, lets deals with no hand-over 7 days after the meeting day lapse (listings back to
 * active, no reviews), and publishes reviews hidden for 14 days. Each deal is its own conditional
 * step, so a party acting at the same moment wins or loses cleanly.
 *
 * `only` limits the run to those deals (the tests' moved clock, POST /dev/deal-clock): a run for every
 * deal at the same moment would otherwise take another test's moved deal and report it as its own.
 */
export async function runDealClock(db: Db, now = new Date(), only?: readonly string[]): Promise<ClockReport> {
  const t = now.getTime();
  const scoped = (condition: SQL | undefined) => (only ? and(condition, inArray(deals.id, [...only])) : condition);
  const report: ClockReport = { expired: [], reminded: [], completed: [], lapsed: [], reviewsPublished: 0 };

  const expire = await db
    .update(deals)
    .set({ state: "expired", turn: null, closedAt: now, closedBy: "system", closeReason: "unanswered", transitionId: crypto.randomUUID() })
    .where(scoped(and(eq(deals.state, "proposed"), lt(deals.lastRevisionAt, new Date(t - OFFER_TTL_MS + 1)))))
    .returning();
  report.expired = expire;

  report.reminded = await db
    .update(deals)
    .set({ reminderSentAt: now })
    .where(
      scoped(
        and(
          eq(deals.state, "proposed"),
          lt(deals.lastRevisionAt, new Date(t - OFFER_REMINDER_MS + 1)),
          sql`(deals.reminder_sent_at is null or deals.reminder_sent_at < deals.last_revision_at)`,
        ),
      ),
    )
    .returning();

  const dueCompletion = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      scoped(
        and(
          eq(deals.state, "handed_over"),
          sql`min(coalesce(deals.handed_over_by_proposer_at, ${t}), coalesce(deals.handed_over_by_owner_at, ${t})) <= ${t - AUTO_COMPLETE_MS}`,
        ),
      ),
    );
  for (const { id } of dueCompletion) {
    const tid = crypto.randomUUID();
    const won = sql`exists (select 1 from deals d where d.id = ${id} and d.transition_id = ${tid})`;
    const results = await db.batch([
      db
        .update(deals)
        .set({ state: "completed", completedAt: now, transitionId: tid })
        .where(and(eq(deals.id, id), eq(deals.state, "handed_over"))),
      ...completionStatements(db, id, won, now),
      db.select().from(deals).where(eq(deals.id, id)),
    ]);
    const after = (results.at(-1) as Deal[])[0];
    if (after?.transitionId === tid) report.completed.push(after);
  }

  const dueLapse = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      scoped(
        and(
          sql`deals.state in ('accepted', 'meetup_agreed')`,
          sql`coalesce(deals.meetup_at, deals.accepted_at) <= ${t - LAPSE_AFTER_MEETUP_MS}`,
        ),
      ),
    );
  for (const { id } of dueLapse) {
    const tid = crypto.randomUUID();
    const won = sql`exists (select 1 from deals d where d.id = ${id} and d.transition_id = ${tid})`;
    const results = await db.batch([
      db
        .update(deals)
        .set({ state: "lapsed", closedAt: now, closedBy: "system", closeReason: "no_handover", transitionId: tid })
        .where(and(eq(deals.id, id), sql`deals.state in ('accepted', 'meetup_agreed')`)),
      ...releaseStatements(db, id, won),
      db.select().from(deals).where(eq(deals.id, id)),
    ]);
    const after = (results.at(-1) as Deal[])[0];
    if (after?.transitionId === tid) report.lapsed.push(after);
  }

  report.reviewsPublished = await publishDueReviews(db, now, only);
  return report;
}

/** Publishes hidden reviews whose deal completed 14 days ago (the other half of double-blind: reviews.server.ts). */
async function publishDueReviews(db: Db, now: Date, only?: readonly string[]): Promise<number> {
  const onlyThese = only
    ? sql` and id in (${sql.join(
        only.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await db.run(sql`update reviews set published_at = ${now.getTime()}
    where published_at is null and deal_id in (select id from deals where state = 'completed' and completed_at <= ${now.getTime() - REVIEW_BLIND_MS}${onlyThese})`);
  return rows.rowsAffected;
}
