// 'Outgrown anything?' told (ADR 091, ADR 073): the prompts the families job wrote this run, one
// e-mail each to guardians whose 'Outgrown gear' mode is 'E-mail right away' (the default), queued in
// one batch and sent after it (mail-queue.server.ts): a rerun writes no prompt twice, so mails none twice.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { MailConfig } from "~/platform/mail.server";
import { sportName } from "~/shared/catalog/sport-names";
import { writeDuePrompts } from "../families/outgrown.server";
import { drainMailQueue, queueMailStatement, type DrainReport } from "./mail-queue.server";
import { modeOf } from "./settings.server";
import { pushOutgrown } from "./kind-push.server";
import type { PushConfig } from "./push.server";

export type OutgrownRun = { prompts: number; queued: number; mail: DrainReport };

export async function runOutgrownPrompts(
  deps: { db: Db; env: MailConfig & PushConfig & { APP_ORIGIN: string } },
  today = new Date(),
): Promise<OutgrownRun> {
  const { db, env } = deps;
  const prompts = await writeDuePrompts(db, today);
  if (prompts.length === 0) return { prompts: 0, queued: 0, mail: { sent: 0, failed: 0 } };
  const people = await db.all<{ id: string; email: string }>(sql`select u.id, u.email from users u
    where u.id in (select value from json_each(${JSON.stringify([...new Set(prompts.map((p) => p.userId))])}))
      and ${modeOf(sql`u.id`, "outgrown")} = 'email_now'`);
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  const mails = prompts.flatMap((p) => {
    const to = emailOf.get(p.userId);
    if (!to) return [];
    const sport = sportName(p.sport).toLowerCase();
    const when = p.stage === "soon" ? `ends on ${p.seasonEnd}` : "has ended";
    return [
      queueMailStatement(
        db,
        {
          dedupeKey: `outgrown:${p.userId}:${p.playerId}:${p.sport}:${p.seasonEnd}:${p.stage}`,
          userId: p.userId,
          to,
          subject: `Outgrown anything? ${p.firstName}'s ${sport} season ${when}`,
          text: `${p.firstName}'s ${sport} season ${when}.\n\nOutgrown anything? List what no longer fits, or find the next size:\n\n${env.APP_ORIGIN}/family/outgrown/${p.playerId}\n\nYou can turn these e-mails off under Notifications on your Player Profile.`,
        },
        today,
      ),
    ];
  });
  if (mails.length) await db.batch(mails as [(typeof mails)[number], ...typeof mails]);
  // A push to each guardian with 'Push' on for outgrown gear (ADR 100), whatever their e-mail mode.
  await pushOutgrown(
    deps,
    prompts.map((p) => {
      const sport = sportName(p.sport).toLowerCase();
      return {
        userId: p.userId,
        playerId: p.playerId,
        firstName: p.firstName,
        sport,
        when: p.stage === "soon" ? `ends on ${p.seasonEnd}` : "has ended",
        key: `outgrown:${p.userId}:${p.playerId}:${p.sport}:${p.seasonEnd}:${p.stage}`,
      };
    }),
  );
  const mail = await drainMailQueue(deps, today);
  return { prompts: prompts.length, queued: mails.length, mail };
}
