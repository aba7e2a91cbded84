// The mail queue (ADR 073: "Every mail is sent after its transaction committed, from a queue
// table, so a failure or retry sends nothing twice"). A job writes its mail here in the same batch as
// what the mail reports (matches marked e-mailed); `drainMailQueue` sends afterwards. A row is
// claimed before it is sent (so two drains never both take it), marked sent after, and its id goes to
// the provider as the Idempotency-Key: a crash between the send and the mark retries with the same key.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { sendMail, type MailConfig } from "~/platform/mail.server";

export type QueuedMail = {
  dedupeKey: string;
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
};

const CLAIM_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const DRAIN_BATCH = 20;

/** The statement that queues one mail; a second with the same dedupe key is ignored. */
export function queueMailStatement(db: Db, mail: QueuedMail, now = new Date()) {
  return db.run(sql`insert into mail_queue (id, dedupe_key, user_id, "to", subject, text, html, headers, created_at, attempts)
    values (${crypto.randomUUID()}, ${mail.dedupeKey}, ${mail.userId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null},
      ${mail.headers ? JSON.stringify(mail.headers) : null}, ${now.getTime()}, 0)
    on conflict (dedupe_key) do nothing`);
}

export type DrainReport = { sent: number; failed: number };

/** Sends what is waiting (oldest first, 20 at a time), each once. */
export async function drainMailQueue(
  deps: { db: Db; env: MailConfig },
  now = new Date(),
  { budgetMs = 60_000 }: { budgetMs?: number } = {},
): Promise<DrainReport> {
  // Batch after batch while batches come back full and the budget lasts: a run that queued 10,000
  // mails sends them in the same run, not 20 per cron tick.
  const started = Date.now();
  const report: DrainReport = { sent: 0, failed: 0 };
  for (;;) {
    const sentBefore = report.sent;
    const claimed = await drainBatch(deps, now, report);
    // A whole batch refused: the provider is down, and the next run tries again after the claim ends.
    const providerDown = claimed > 0 && report.sent === sentBefore;
    if (claimed < DRAIN_BATCH || providerDown || Date.now() - started >= budgetMs) return report;
  }
}

/** Claims and sends one batch; returns how many rows it claimed. */
async function drainBatch(deps: { db: Db; env: MailConfig }, now: Date, report: DrainReport): Promise<number> {
  const { db } = deps;
  const claimed = await db.all<{ id: string; to: string; subject: string; text: string; html: string | null; headers: string | null }>(sql`
    update mail_queue set claimed_until = ${now.getTime() + CLAIM_MS}, attempts = attempts + 1
    where id in (select id from mail_queue where sent_at is null and attempts < ${MAX_ATTEMPTS}
      and (claimed_until is null or claimed_until < ${now.getTime()}) order by created_at limit ${DRAIN_BATCH})
    returning id, "to", subject, text, html, headers`);
  for (const row of claimed) {
    try {
      await sendMail(deps, {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
        idempotencyKey: row.id,
      });
      await db.run(sql`update mail_queue set sent_at = ${Date.now()}, last_error = null where id = ${row.id}`);
      report.sent += 1;
    } catch (error) {
      // Claimed until the claim ends: the next drain after that tries again (at most 5 times).
      await db.run(sql`update mail_queue set last_error = ${String(error).slice(0, 500)} where id = ${row.id}`);
      report.failed += 1;
    }
  }
  return claimed.length;
}
