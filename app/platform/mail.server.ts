// The mail adapter. With MAIL_PROVIDER_URL set, a JSON POST with a bearer key to
// the provider (the shape most transactional-mail APIs take: from, to, subject, text, html).
// Without it (local, tests) the message goes to the mail_outbox table, which /dev/outbox and the
// e2e tests read. Production refuses to start without a provider (app/platform/env.server.ts).
import { desc } from "drizzle-orm";
import type { Db } from "#db/client";
import { mailOutbox } from "#db/schema";

export type MailConfig = {
  APP_ENV: "development" | "test" | "production";
  MAIL_PROVIDER_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
};

/** `headers`: extra headers (List-Unsubscribe, List-Unsubscribe-Post — RFC 8058) sent as the provider's `headers` object. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Sent as the provider's Idempotency-Key header: a retried send of one queued mail is delivered once. */
  idempotencyKey?: string;
};

export class MailError extends Error {
  name = "MailError";
}

export async function sendMail(deps: { db: Db; env: MailConfig }, mail: Mail) {
  const { env } = deps;
  if (env.MAIL_PROVIDER_URL) {
    const response = await fetch(env.MAIL_PROVIDER_URL, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${env.MAIL_API_KEY ?? ""}`,
        ...(mail.idempotencyKey ? { "Idempotency-Key": mail.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      }),
    });
    if (!response.ok) throw new MailError(`Mail provider answered ${response.status}`);
    return;
  }
  if (env.APP_ENV === "production") throw new MailError("No mail provider configured");
  await deps.db.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
  });
}

/** The newest outbox messages first (dev page). */
export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** Absolute links found in a message body, for the dev outbox page. */
export function linksIn(text: string) {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}
