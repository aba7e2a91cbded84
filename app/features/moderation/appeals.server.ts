// Appeals (ADR 099, building on ADR 095): a person asks once per decision about them — a hold on
// their content, a warning, a suspension, a silence — and a site admin who did not make that decision
// upholds or reverses it. Ownership is in every query (the decision row names the person); once per
// decision is the unique index `appeals_one_per_decision`; "not the admin who decided" is the CHECK
// `appeals_other_judge` and the queue's WHERE. A decision is one batch: the appeal's status moves only
// from 'open' (else the batch fails on NOT NULL, so two admins at once give one outcome), the reversal,
// one audit row and whatever the caller queues to tell the person (the mail), together.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { AppealSubject, HeldTargetType } from "#db/schema";
import type { ReportReason } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { can, SITE } from "../permissions/can";
import { auditStatement } from "../safety/audit.server";
import { APPEALABLE_SUBJECTS, type AppealableSubject } from "~/shared/schemas/appeal";

type BatchItem = Parameters<Db["batch"]>[0][number];

/** The subjects a person can appeal from a notice (app/shared/schemas/appeal.ts), each one of the table's. */
const APPEALABLE: readonly AppealSubject[] = APPEALABLE_SUBJECTS;
const isAppealable = (subject: AppealSubject): subject is AppealableSubject => APPEALABLE.includes(subject);

export type AppealStatus = "open" | "upheld" | "denied";

/** One decision about the viewer, with their appeal of it if any. */
export type MyDecision = {
  subject: AppealableSubject;
  decisionId: string;
  /** What a hold hides: a listing, a message, an item request. */
  heldType: HeldTargetType | null;
  heldId: string | null;
  /** A listing's title, a message's first words; null for decisions about the person. */
  label: string | null;
  reason: ReportReason | null;
  decidedAt: Date;
  /** Whether the decision still stands (an unreleased hold, an unlifted silence or suspension, any warning). */
  standing: boolean;
  appeal: { id: string; status: AppealStatus; text: string; createdAt: Date; judgedAt: Date | null } | null;
};

/**
 * The decision row as `viewer`'s to appeal now, as one select of (id, decided_by): only theirs, only
 * while it stands. `warning` any time: a warning is never lifted, only seen.
 */
function decisionOf(subject: AppealableSubject, decisionId: string, viewer: Pick<Viewer, "id">, now: Date): SQL {
  switch (subject) {
    case "hold":
      return sql`select h.id, 'system' as decided_by from held_content h
        where h.id = ${decisionId} and h.target_user_id = ${viewer.id} and h.released_at is null`;
    case "silence":
      return sql`select s.id, 'system' as decided_by from silences s
        where s.id = ${decisionId} and s.user_id = ${viewer.id} and s.lifted_at is null`;
    case "suspension":
      return sql`select s.id, s.created_by as decided_by from suspensions s
        where s.id = ${decisionId} and s.user_id = ${viewer.id} and s.lifted_at is null and (s.ends_at is null or s.ends_at > ${now.getTime()})`;
    case "warning":
      return sql`select w.id, w.created_by as decided_by from warnings w where w.id = ${decisionId} and w.user_id = ${viewer.id}`;
    case "removal":
      // ADR 104: the audit row of a moderator's removal, the person's through the report acted on
      // (its target_user_id); a removal stands for ever, as a warning does.
      return sql`select al.id, al.actor_id as decided_by from ${REMOVALS} where al.id = ${decisionId} and r.target_user_id = ${viewer.id} and al.actor_id <> ${viewer.id}`;
  }
}

/**
 * A moderator's removal of someone's content (ADR 104): its audit row (`al`) and the report it acted on
 * (`r`, whose target_user_id is the person responsible). A removal without a report (an admin's own
 * delete) names no one, so it is nobody's to appeal.
 */
const REMOVALS = sql`admin_audit_log al join reports r on r.id = al.report_id
  and al.action in ('delete_listing', 'delete_message', 'delete_item_request')`;

type DecisionRow = {
  subject: AppealableSubject;
  decisionId: string;
  heldType: HeldTargetType | null;
  heldId: string | null;
  label: string | null;
  reason: ReportReason | null;
  decidedAt: number;
  standing: number;
  appealId: string | null;
  appealStatus: AppealStatus | null;
  appealText: string | null;
  appealCreatedAt: number | null;
  appealJudgedAt: number | null;
};

const appealColumns = (subject: AppealableSubject, decisionId: SQL) =>
  sql`left join appeals a on a.subject = ${subject} and a.decision_id = ${decisionId}`;
const APPEAL_SELECT = sql`a.id as appealId, a.status as appealStatus, a.text as appealText, a.created_at as appealCreatedAt, a.judged_at as appealJudgedAt`;

/**
 * The viewer's decisions that stand or that they appealed (so they read the outcome): one statement,
 * newest first. Only their own rows: every branch's WHERE names them.
 */
export async function myDecisions(db: Db, viewer: Pick<Viewer, "id">, now = new Date()): Promise<MyDecision[]> {
  const t = now.getTime();
  const rows = await db.all<DecisionRow>(sql`
    select 'hold' as subject, h.id as decisionId, h.target_type as heldType, h.target_id as heldId,
      substr(coalesce(l.title, lm.content, cm.content, cr.title), 1, 120) as label, null as reason, h.created_at as decidedAt,
      h.released_at is null as standing, ${APPEAL_SELECT}
    from held_content h
      left join listings l on h.target_type = 'listing' and l.id = h.target_id
      left join listing_messages lm on h.target_type = 'listing_message' and lm.id = h.target_id
      left join club_messages cm on h.target_type = 'club_message' and cm.id = h.target_id
      left join club_requests cr on h.target_type = 'item_request' and cr.id = h.target_id
      ${appealColumns("hold", sql`h.id`)}
    where h.target_user_id = ${viewer.id} and (h.released_at is null or a.id is not null)
    union all
    select 'silence', s.id, null, null, null, null, s.created_at, s.lifted_at is null, ${APPEAL_SELECT}
    from silences s ${appealColumns("silence", sql`s.id`)}
    where s.user_id = ${viewer.id} and (s.lifted_at is null or a.id is not null)
    union all
    select 'suspension', s.id, null, null, null, s.reason, s.created_at,
      s.lifted_at is null and (s.ends_at is null or s.ends_at > ${t}), ${APPEAL_SELECT}
    from suspensions s ${appealColumns("suspension", sql`s.id`)}
    where s.user_id = ${viewer.id} and ((s.lifted_at is null and (s.ends_at is null or s.ends_at > ${t})) or a.id is not null)
    union all
    select 'removal', al.id, null, null, al.target_label, r.reason, al.created_at, 1, ${APPEAL_SELECT}
    from ${REMOVALS} ${appealColumns("removal", sql`al.id`)}
    where r.target_user_id = ${viewer.id} and al.actor_id <> ${viewer.id}
    union all
    select 'warning', w.id, null, null, null, w.reason, w.created_at, 1, ${APPEAL_SELECT}
    from warnings w ${appealColumns("warning", sql`w.id`)}
    where w.user_id = ${viewer.id}
    order by decidedAt desc
    limit 50`);
  return rows.map((r) => ({
    subject: r.subject,
    decisionId: r.decisionId,
    heldType: r.heldType,
    heldId: r.heldId,
    label: r.label,
    reason: r.reason,
    decidedAt: new Date(r.decidedAt),
    standing: Boolean(r.standing),
    appeal: r.appealId
      ? {
          id: r.appealId,
          status: r.appealStatus!,
          text: r.appealText ?? "",
          createdAt: new Date(r.appealCreatedAt!),
          judgedAt: r.appealJudgedAt === null ? null : new Date(r.appealJudgedAt),
        }
      : null,
  }));
}

/**
 * The open hold on the viewer's own `type` item, for its owner's notice, as one statement for a
 * page's batch (ADR 034): no row unless the viewer owns it. `toOwnHold` reads its answer.
 */
export function ownHoldQuery(db: Db, viewer: Pick<Viewer, "id">, type: HeldTargetType, targetId: string) {
  return db.all<{ id: string; appealed: number }>(sql`
    select h.id, exists (select 1 from appeals a where a.subject = 'hold' and a.decision_id = h.id) as appealed
    from held_content h where h.target_type = ${type} and h.target_id = ${targetId} and h.target_user_id = ${viewer.id} and h.released_at is null`);
}
export type OwnHold = { holdId: string; appealed: boolean } | null;
export const toOwnHold = (rows: { id: string; appealed: number }[]): OwnHold =>
  rows[0] ? { holdId: rows[0].id, appealed: Boolean(rows[0].appealed) } : null;

export type FileAppealResult = { ok: true; appealId: string } | { ok: false; reason: "not_found" | "already_appealed" | "forbidden" };

/**
 * Files `viewer`'s appeal. A decision that is not theirs, or no longer stands, is `not_found` (the
 * route's 404); a second appeal of one decision inserts nothing (the unique index) and is `already_appealed`.
 */
export async function fileAppeal(
  db: Db,
  viewer: Viewer,
  input: { subject: AppealableSubject; decisionId: string; text: string },
  now = new Date(),
): Promise<FileAppealResult> {
  if (!can(viewer, "appeal", SITE)) return { ok: false, reason: "forbidden" };
  const decision = decisionOf(input.subject, input.decisionId, viewer, now);
  const inserted = await db.all<{ id: string }>(sql`
    insert into appeals (id, user_id, subject, decision_id, decided_by, text, status, created_at)
    select ${crypto.randomUUID()}, ${viewer.id}, ${input.subject}, d.id, d.decided_by, ${input.text}, 'open', ${now.getTime()}
    from (${decision}) d where true
    on conflict (subject, decision_id) do nothing
    returning id`);
  if (inserted[0]) return { ok: true, appealId: inserted[0].id };
  const [mine] = await db.all<{ id: string }>(
    sql`select id from appeals where subject = ${input.subject} and decision_id = ${input.decisionId} and user_id = ${viewer.id}`,
  );
  return { ok: false, reason: mine ? "already_appealed" : "not_found" };
}

export type QueuedAppeal = {
  id: string;
  subject: AppealableSubject;
  decisionId: string;
  text: string;
  createdAt: Date;
  person: { id: string; email: string; name: string };
  /** What the decision was about, as a moderator reads it. */
  label: string | null;
  heldType: HeldTargetType | null;
  heldId: string | null;
  reason: ReportReason | null;
  decidedBy: string;
};

/**
 * The open appeals `admin` may decide, oldest first — never those of decisions they made themselves
 * (the holds and silences are the system's, so any admin). Null for anyone without `decideAppeal`.
 */
export async function appealQueue(db: Db, admin: Viewer): Promise<{ total: number; entries: QueuedAppeal[] } | null> {
  if (!can(admin, "decideAppeal", SITE)) return null;
  const mine = sql`a.status = 'open' and a.decided_by <> ${admin.id}`;
  const [rows, [{ total }]] = await db.batch([
    db.all<Omit<QueuedAppeal, "person" | "createdAt"> & { createdAt: number; userId: string; email: string; name: string }>(sql`
      select a.id, a.subject, a.decision_id as decisionId, a.text, a.created_at as createdAt, a.decided_by as decidedBy,
        u.id as userId, u.email, trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) as name,
        h.target_type as heldType, h.target_id as heldId,
        substr(coalesce(l.title, lm.content, cm.content, cr.title, rm.target_label), 1, 120) as label,
        coalesce(su.reason, w.reason, rr.reason) as reason
      from appeals a join users u on u.id = a.user_id left join profiles p on p.user_id = u.id
        left join held_content h on a.subject = 'hold' and h.id = a.decision_id
        left join listings l on h.target_type = 'listing' and l.id = h.target_id
        left join listing_messages lm on h.target_type = 'listing_message' and lm.id = h.target_id
        left join club_messages cm on h.target_type = 'club_message' and cm.id = h.target_id
        left join club_requests cr on h.target_type = 'item_request' and cr.id = h.target_id
        left join suspensions su on a.subject = 'suspension' and su.id = a.decision_id
        left join warnings w on a.subject = 'warning' and w.id = a.decision_id
        left join admin_audit_log rm on a.subject = 'removal' and rm.id = a.decision_id
        left join reports rr on rr.id = rm.report_id
      where ${mine}
      order by a.created_at, a.id
      limit 50`),
    db.all<{ total: number }>(sql`select count(*) as total from appeals a where ${mine}`),
  ]);
  return {
    total,
    entries: rows.map(({ userId, email, name, createdAt, ...r }) => ({
      ...r,
      createdAt: new Date(createdAt),
      person: { id: userId, email, name: name || email },
    })),
  };
}

export type AppealOutcome = "reverse" | "uphold";
/** Who to tell, and what: for the caller's outbox statements (the mail), run in the decision's batch. */
export type DecidedAppeal = { appealId: string; userId: string; email: string; subject: AppealableSubject; reversed: boolean };
export type DecideAppealResult =
  { ok: true; done: string } | { ok: false; reason: "forbidden" | "not_found" | "already_handled" | "own_decision" };

/** The statements that undo `subject`'s decision (a reversal), each a no-op when already undone. */
function reversal(db: Db, admin: Viewer, subject: AppealableSubject, decisionId: string, now: Date): BatchItem[] {
  const t = now.getTime();
  switch (subject) {
    case "hold":
      return [
        // The reports that held it are judged wrong: closed as dismissed (their reporters' weight learns it, ADR 095)…
        db.run(sql`update reports set status = 'closed', outcome = 'dismissed', handled_by = ${admin.id}, handled_at = ${t}
          where status = 'open' and exists (select 1 from held_content h where h.id = ${decisionId}
            and h.target_type = reports.target_type and h.target_id = reports.target_id)`),
        // …and the content shows again everywhere (one reading rule, notHeld).
        db.run(sql`update held_content set released_at = ${t}, released_by = ${admin.id}, outcome = 'restored'
          where id = ${decisionId} and released_at is null`),
      ];
    case "silence":
      return [db.run(sql`update silences set lifted_at = ${t}, lifted_by = ${admin.id} where id = ${decisionId} and lifted_at is null`)];
    case "suspension":
      return [db.run(sql`update suspensions set lifted_at = ${t}, lifted_by = ${admin.id} where id = ${decisionId} and lifted_at is null`)];
    case "removal":
      // The content is gone (ADR 044): the reports acted on are judged wrong (their reporters' weight
      // learns it, ADR 095) and leave the person's record (ADR 104).
      return [
        db.run(sql`update reports set outcome = 'dismissed', handled_by = ${admin.id}, handled_at = ${t}
          where status = 'closed' and outcome = 'removed' and exists (select 1 from admin_audit_log al
            where al.id = ${decisionId} and al.target_type = reports.target_type and al.target_id = reports.target_id)`),
      ];
    case "warning":
      // A warning leaves only its banner: gone with the reversal.
      return [db.run(sql`update warnings set seen_at = coalesce(seen_at, ${t}) where id = ${decisionId}`)];
  }
}

/**
 * `admin` decides an appeal: 'reverse' (the appeal is upheld: the content is restored, the silence
 * or suspension lifted, the warning withdrawn) or 'uphold' (the decision stands; the appeal is denied).
 * `tell` gives the statements that tell the person (queued mail), put in the same batch.
 */
export async function decideAppeal(
  db: Db,
  admin: Viewer,
  input: { appealId: string; outcome: AppealOutcome },
  { now = new Date(), tell }: { now?: Date; tell?: (decided: DecidedAppeal) => BatchItem[] } = {},
): Promise<DecideAppealResult> {
  if (!can(admin, "decideAppeal", SITE)) return { ok: false, reason: "forbidden" };
  const [row] = await db.all<{
    id: string;
    userId: string;
    email: string;
    subject: AppealSubject;
    decisionId: string;
    decidedBy: string;
    status: AppealStatus;
  }>(sql`
    select a.id, a.user_id as userId, u.email, a.subject, a.decision_id as decisionId, a.decided_by as decidedBy, a.status
    from appeals a join users u on u.id = a.user_id where a.id = ${input.appealId}`);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.decidedBy === admin.id) return { ok: false, reason: "own_decision" };
  if (row.status !== "open") return { ok: false, reason: "already_handled" };
  const subject = row.subject;
  if (!isAppealable(subject)) return { ok: false, reason: "not_found" };
  const reversed = input.outcome === "reverse";
  const status = reversed ? "upheld" : "denied";
  const t = now.getTime();
  try {
    await db.batch([
      // Decided by another admin meanwhile: status NULL fails the batch (NOT NULL), nothing below is stored.
      db.run(sql`update appeals set status = case when status = 'open' then ${status} else null end, judge_id = ${admin.id}, judged_at = ${t}
        where id = ${row.id}`),
      ...(reversed ? reversal(db, admin, subject, row.decisionId, now) : []),
      auditStatement(
        db,
        {
          actor: admin,
          action: reversed ? "appeal_upheld" : "appeal_denied",
          target: { type: "user", id: row.userId, label: row.email },
          detail: { appealId: row.id, subject: row.subject, decisionId: row.decisionId },
        },
        now,
      ),
      ...(tell?.({ appealId: row.id, userId: row.userId, email: row.email, subject, reversed }) ?? []),
    ]);
  } catch (error) {
    const [again] = await db.all<{ status: AppealStatus }>(sql`select status from appeals where id = ${row.id}`);
    if (again && again.status !== "open") return { ok: false, reason: "already_handled" };
    throw error;
  }
  return { ok: true, done: reversed ? "Appeal upheld: the decision is reversed" : "Appeal denied: the decision stands" };
}

export type Silenced = { id: string; userId: string; email: string; name: string; createdAt: Date };

/** Who is silenced now (ADR 095), newest first, for the admin's 'Lift'. Null without `moderate`. */
export async function silencedNow(db: Db, admin: Viewer): Promise<Silenced[] | null> {
  if (!can(admin, "moderate", SITE)) return null;
  const rows = await db.all<Omit<Silenced, "createdAt"> & { createdAt: number }>(sql`
    select s.id, s.user_id as userId, u.email, trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) as name, s.created_at as createdAt
    from silences s join users u on u.id = s.user_id left join profiles p on p.user_id = u.id where s.lifted_at is null order by s.created_at desc limit 100`);
  return rows.map((r) => ({ ...r, name: r.name || r.email, createdAt: new Date(r.createdAt) }));
}

export type LiftSilenceResult = { ok: true; done: string } | { ok: false; reason: "forbidden" | "not_found" | "already_handled" };

/** A moderator lifts a silence, as a suspension is lifted: one batch, one `lift_silence` audit row; a retry is 'Already handled'. */
export async function liftSilence(db: Db, admin: Viewer, silenceId: string, now = new Date()): Promise<LiftSilenceResult> {
  if (!can(admin, "moderate", SITE)) return { ok: false, reason: "forbidden" };
  const [row] = await db.all<{ userId: string; email: string; liftedAt: number | null }>(sql`
    select s.user_id as userId, u.email, s.lifted_at as liftedAt from silences s join users u on u.id = s.user_id where s.id = ${silenceId}`);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.liftedAt !== null) return { ok: false, reason: "already_handled" };
  try {
    await db.batch([
      // Lifted by another request meanwhile: report_id NULL fails the batch (NOT NULL).
      db.run(sql`update silences set report_id = null where id = ${silenceId} and lifted_at is not null`),
      db.run(sql`update silences set lifted_at = ${now.getTime()}, lifted_by = ${admin.id} where id = ${silenceId} and lifted_at is null`),
      auditStatement(
        db,
        { actor: admin, action: "lift_silence", target: { type: "user", id: row.userId, label: row.email }, detail: { silenceId } },
        now,
      ),
    ]);
  } catch (error) {
    const [again] = await db.all<{ liftedAt: number | null }>(sql`select lifted_at as liftedAt from silences where id = ${silenceId}`);
    if (again?.liftedAt) return { ok: false, reason: "already_handled" };
    throw error;
  }
  return { ok: true, done: "Silence lifted" };
}
