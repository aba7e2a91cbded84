// The public transparency report (ADR 099; DSA Art. 15/24 in spirit): per complete calendar month
// (UTC), the notices received, the actions taken, how many were automated, the median time from a
// report to its decision, and appeals received and reversed — SQL aggregates over reports,
// photo_matches, the audit log and appeals. Nothing here may tell anyone something hidden about one
// person (ADR 099 §Small counts): counts below SMALL_COUNT are 'fewer than 5' (0 included, so that
// "none" is not news either), the current month is never shown (no watching a count move after one
// event), a median needs SMALL_COUNT decisions, and the automated share needs SHARE_MIN actions and is
// rounded to 10 points. The exact numbers never leave this module.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { REPORT_REASONS, type ReportReason } from "#db/schema/enums";

export const SMALL_COUNT = 5;
export const SHARE_MIN = 20;
export const TRANSPARENCY_MONTHS = 12;

/** A count as published: exact from SMALL_COUNT up, else 'fewer than 5'. */
export type Bucketed = number | "fewer than 5";
export const bucket = (n: number): Bucketed => (n >= SMALL_COUNT ? n : "fewer than 5");

export const TRANSPARENCY_ACTIONS = ["removed", "held", "dismissed", "warned", "suspended", "silenced"] as const;
export type TransparencyAction = (typeof TRANSPARENCY_ACTIONS)[number];

/** Which audit rows are which published action (a photo match upheld is a `delete_listing` too: counted once there). */
const ACTION_OF: Record<string, TransparencyAction> = {
  delete_listing: "removed",
  delete_message: "removed",
  delete_item_request: "removed",
  hide_by_weight: "held",
  dismiss_report: "dismissed",
  dismiss_photo_match: "dismissed",
  warn_user: "warned",
  suspend_user: "suspended",
  silence_user: "silenced",
};

export type TransparencyMonth = {
  /** 'YYYY-MM' (UTC). */
  month: string;
  reports: Record<ReportReason, Bucketed>;
  reportsTotal: Bucketed;
  photoMatches: Bucketed;
  actions: Record<TransparencyAction, Bucketed>;
  /** Share of the actions taken without a person (a hold, a silence), in whole tens of percent; null below SHARE_MIN actions. */
  automatedPercent: number | null;
  /** Median hours from a report to the decision that closed it; null below SMALL_COUNT decisions. */
  medianHoursToAction: number | null;
  appealsReceived: Bucketed;
  appealsReversed: Bucketed;
};

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
const MONTH = (column: string) => sql.raw(`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`);

/** The last `months` complete months before `now`, newest first. */
export async function transparencyReport(db: Db, now = new Date(), months = TRANSPARENCY_MONTHS): Promise<TransparencyMonth[]> {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1);
  const keys = Array.from({ length: months }, (_, i) => monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1))));
  const inRange = (column: string) => sql`${sql.raw(column)} >= ${start} and ${sql.raw(column)} < ${end}`;
  const actions = Object.keys(ACTION_OF);
  const [reportRows, matchRows, actionRows, medianRows, appealRows, reversedRows] = await db.batch([
    db.all<{ m: string; reason: ReportReason; n: number }>(
      sql`select ${MONTH("created_at")} as m, reason, count(*) as n from reports where ${inRange("created_at")} group by 1, 2`,
    ),
    db.all<{ m: string; n: number }>(
      sql`select ${MONTH("created_at")} as m, count(*) as n from photo_matches where ${inRange("created_at")} group by 1`,
    ),
    db.all<{ m: string; action: string; automated: number; n: number }>(sql`
      select ${MONTH("created_at")} as m, action, actor_id = 'system' as automated, count(*) as n from admin_audit_log
      where ${inRange("created_at")} and action in (select value from json_each(${JSON.stringify(actions)})) group by 1, 2, 3`),
    // The median per month of (decision − report), by the month of the decision.
    db.all<{ m: string; median: number; n: number }>(sql`
      with d as (select ${MONTH("handled_at")} as m, handled_at - created_at as dt from reports
        where status = 'closed' and handled_at is not null and ${inRange("handled_at")}),
      r as (select m, dt, row_number() over (partition by m order by dt) as rn, count(*) over (partition by m) as n from d)
      select m, avg(dt) as median, max(n) as n from r where rn in ((n + 1) / 2, (n + 2) / 2) group by m`),
    db.all<{ m: string; n: number }>(
      sql`select ${MONTH("created_at")} as m, count(*) as n from appeals where ${inRange("created_at")} group by 1`,
    ),
    db.all<{ m: string; n: number }>(
      sql`select ${MONTH("judged_at")} as m, count(*) as n from appeals where status = 'upheld' and judged_at is not null and ${inRange("judged_at")} group by 1`,
    ),
  ]);
  const byMonth = (rows: { m: string; n: number }[]) => new Map(rows.map((r) => [r.m, r.n]));
  const matches = byMonth(matchRows);
  const appealsIn = byMonth(appealRows);
  const reversed = byMonth(reversedRows);
  const medians = new Map(medianRows.map((r) => [r.m, r]));
  return keys.map((month) => {
    const reasons = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;
    for (const r of reportRows) if (r.m === month) reasons[r.reason] += r.n;
    const acted = Object.fromEntries(TRANSPARENCY_ACTIONS.map((a) => [a, 0])) as Record<TransparencyAction, number>;
    let automated = 0;
    let total = 0;
    for (const r of actionRows)
      if (r.m === month) {
        acted[ACTION_OF[r.action]] += r.n;
        total += r.n;
        if (r.automated) automated += r.n;
      }
    const median = medians.get(month);
    return {
      month,
      reports: Object.fromEntries(REPORT_REASONS.map((r) => [r, bucket(reasons[r])])) as Record<ReportReason, Bucketed>,
      reportsTotal: bucket(Object.values(reasons).reduce((a, b) => a + b, 0)),
      photoMatches: bucket(matches.get(month) ?? 0),
      actions: Object.fromEntries(TRANSPARENCY_ACTIONS.map((a) => [a, bucket(acted[a])])) as Record<TransparencyAction, Bucketed>,
      automatedPercent: total >= SHARE_MIN ? Math.round((automated / total) * 10) * 10 : null,
      medianHoursToAction: median && median.n >= SMALL_COUNT ? Math.round((median.median / 3_600_000) * 10) / 10 : null,
      appealsReceived: bucket(appealsIn.get(month) ?? 0),
      appealsReversed: bucket(reversed.get(month) ?? 0),
    };
  });
}
