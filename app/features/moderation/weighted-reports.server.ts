// Weighted reports (ADR 095): a report weighs what its reporter's record earns (trust-rules.ts's
// REPORT_WEIGHT, computed in the insert itself), and the statements that ride in the report's own
// batch — the hold when the target's open reports pass HOLD_THRESHOLDS, the silence when enough
// established people report the same person for scams — with their audit rows. The database
// decides: two reports crossing the threshold at once write one hold (a partial unique index and
// the batch's own `not exists`), one audit row, one queue entry (the queue groups by target).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { HELD_TARGET_TYPES, type HeldTargetType } from "#db/schema";
import type { ReportReason, ReportTargetType } from "#db/schema/enums";
import { isEstablished } from "../safety/earned-limits.server";
import { HOLD_THRESHOLDS, REPORT_WEIGHT, SILENCE_RULE } from "../safety/trust-rules";

/** The actor of the automatic decisions in the audit log. */
export const SYSTEM_ACTOR = { id: "system", email: "system" } as const;

const UPHELD = sql`('removed', 'warned', 'suspended', 'deleted', 'member_removed')`;
const clamp = (value: SQL, min: number, max: number) => sql`min(${max}, max(${min}, ${value}))`;

/** The reporter's weight now, as an SQL expression (never sent to a page). */
export function reportWeight(reporterId: string, targetUserId: string | null, now = new Date()): SQL<number> {
  const w = REPORT_WEIGHT;
  const upheld = sql`(select count(*) from reports r where r.reporter_id = ${reporterId} and r.status = 'closed' and r.outcome in ${UPHELD})`;
  const dismissed = sql`(select count(*) from reports r where r.reporter_id = ${reporterId} and r.status = 'closed' and r.outcome = 'dismissed')`;
  const warned = sql`(select count(*) from listing_messages lm where lm.sender_id = ${reporterId} and lm.scam_signal is not null)`;
  const sharedClub = targetUserId
    ? sql`exists (select 1 from club_members a join club_members b on b.club_id = a.club_id
        where a.user_id = ${reporterId} and a.status = 'active' and b.user_id = ${targetUserId} and b.status = 'active')`
    : sql`0`;
  return sql<number>`max(${w.floor}, ${w.base}
    + (case when ${isEstablished(reporterId, now)} then ${w.establishedBonus} else 0 end)
    + (case when ${sharedClub} then ${w.sharedClubBonus} else 0 end)
    + ${clamp(sql`${upheld} * ${w.perUpheld}`, 0, w.upheldMax)}
    + ${clamp(sql`${dismissed} * ${w.perDismissed}`, w.dismissedMin, 0)}
    + ${clamp(sql`${warned} * ${w.perScamWarning}`, w.scamMin, 0)})`;
}

/** The total weight of a target's open reports, each person once (their heaviest open report). */
export function openWeightOf(type: ReportTargetType, targetId: string): SQL<number> {
  return sql<number>`(select coalesce(sum(w), 0) from (select max(r.weight) as w from reports r
    where r.target_type = ${type} and r.target_id = ${targetId} and r.status = 'open' group by coalesce(r.reporter_id, r.id)))`;
}

const isHeldType = (type: ReportTargetType): type is HeldTargetType => (HELD_TARGET_TYPES as readonly string[]).includes(type);

type Crossing = {
  reportId: string;
  type: ReportTargetType;
  targetId: string;
  targetUserId: string | null;
  reason: ReportReason;
  label: string;
};

function auditInsert(
  action: "hide_by_weight" | "silence_user",
  c: Crossing,
  targetType: string,
  targetId: string,
  label: SQL,
  when: SQL,
  now: Date,
) {
  return sql`insert into admin_audit_log (id, actor_id, actor_email, action, target_type, target_id, target_label, reason, report_id, created_at)
    select ${crypto.randomUUID()}, ${SYSTEM_ACTOR.id}, ${SYSTEM_ACTOR.email}, ${action}, ${targetType}, ${targetId}, coalesce(substr(${label}, 1, 200), ''),
      ${c.reason}, ${c.reportId}, ${now.getTime()} where ${when}`;
}

/** What the report's batch adds after its insert: the hold and the silence, each with its audit row, each at most once. */
export function crossingStatements(db: Db, c: Crossing, now = new Date()) {
  const statements = [];
  if (isHeldType(c.type)) {
    statements.push(
      db.run(sql`insert into held_content (id, target_type, target_id, target_user_id, report_id, created_at)
        select ${crypto.randomUUID()}, ${c.type}, ${c.targetId}, ${c.targetUserId}, ${c.reportId}, ${now.getTime()}
        where ${openWeightOf(c.type, c.targetId)} >= ${HOLD_THRESHOLDS[c.type]}
          and not exists (select 1 from held_content h where h.target_type = ${c.type} and h.target_id = ${c.targetId} and h.released_at is null)
        on conflict do nothing`),
      db.run(
        auditInsert(
          "hide_by_weight",
          c,
          c.type,
          c.targetId,
          sql`${c.label}`,
          sql`exists (select 1 from held_content h where h.report_id = ${c.reportId})`,
          now,
        ),
      ),
    );
  }
  if (c.reason === SILENCE_RULE.reason && c.targetUserId) {
    const who = c.targetUserId;
    const reporters = sql`(select count(distinct r.reporter_id) from reports r
      where r.target_user_id = ${who} and r.reason = ${SILENCE_RULE.reason} and r.status = 'open' and ${isEstablished(sql`r.reporter_id`, now)})`;
    statements.push(
      db.run(sql`insert into silences (id, user_id, report_id, created_at)
        select ${crypto.randomUUID()}, ${who}, ${c.reportId}, ${now.getTime()}
        where ${reporters} >= ${SILENCE_RULE.establishedReporters}
          and not exists (select 1 from silences s where s.user_id = ${who} and s.lifted_at is null)
          and exists (select 1 from users u where u.id = ${who})
        on conflict do nothing`),
      db.run(
        auditInsert(
          "silence_user",
          c,
          "user",
          who,
          sql`(select email from users where id = ${who})`,
          sql`exists (select 1 from silences s where s.report_id = ${c.reportId})`,
          now,
        ),
      ),
    );
  }
  return statements;
}
