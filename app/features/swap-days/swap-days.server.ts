// Club Swap Days (ADR 088): creating one (with its club announcement, in one batch) and reading a club's.
// Who may is the club table (organiseSwapDay, viewSwapDays: app/features/permissions/club.ts); that the
// creator is still an active member sits in the SQL, so a stale page's POST after they left stores nothing.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { swapDays, type SwapDay } from "#db/schema";
import type { Publish } from "~/features/realtime/realtime.server";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { chatEvent } from "../messaging/club-chat.server";
import { formatDate } from "~/shared/format";
import { SWAP_DAY_TEXT, type SwapDayPhase } from "~/shared/copy/swap-days";
import { LISTED_PHASES, swapDayPhase } from "./phase";

export type NewSwapDayInput = {
  id: string;
  name: string;
  place: string;
  mode: SwapDay["mode"];
  itemsOpenAt: Date;
  wantsOpenAt: Date;
  listsCloseAt: Date;
  resultsAt: Date;
  handoverAt: Date;
  closesAt: Date;
};

export type CreateSwapDayResult =
  { ok: true; swapDay: SwapDay; created: boolean } | { ok: false; error: "forbidden" | "conflict" | "handoverPast" };

/** A seed for the solver (ADR 080 "Determinism"): 31 random bits, at least 1. */
function drawSeed(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return (n % 2147483647) + 1;
}

/** "Mar 5, 2026, 10:00" in UTC: the wall-clock time as typed (ADR 068's meet-up rule). */
export function formatWallClock(at: Date): string {
  return `${formatDate(at, "short")}, ${at.toISOString().slice(11, 16)}`;
}

/**
 * An organiser creates a Swap Day. One batch: the club announcement (id = the Swap Day's id, so a retry finds
 * both and stores neither twice), written only while the creator is an active member, and the Swap Day only
 * beside its announcement. Then the announcement reaches the club room like any other.
 */
export async function createSwapDay(
  db: Db,
  access: ClubAccess,
  input: NewSwapDayInput,
  publish: Pick<Publish, "club"> | null = null,
  now = new Date(),
): Promise<CreateSwapDayResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "organiseSwapDay")) return { ok: false, error: "forbidden" };
  // A day of slack: the typed time is wall-clock, the server's clock is UTC (as a deal's meet-up).
  if (input.handoverAt.getTime() < now.getTime() - 24 * 3600_000) return { ok: false, error: "handoverPast" };
  const id = input.id.toLowerCase();
  const content = SWAP_DAY_TEXT.announcement(
    input.name,
    input.place,
    formatWallClock(input.handoverAt),
    formatWallClock(input.itemsOpenAt),
  );
  const ms = (d: Date) => d.getTime();
  const [announced, inserted, [stored]] = await db.batch([
    db.run(sql`
      insert into club_messages (id, club_id, user_id, message_type, content, created_at)
      select ${id}, ${access.club.id}, ${viewer.id}, 'announcement', ${content}, ${now.getTime()}
      where ${activeMemberOf(viewer, sql`${access.club.id}`)} and not exists (select 1 from swap_days where id = ${id})
      on conflict (id) do nothing`),
    db.run(sql`
      insert into swap_days (id, club_id, created_by, name, place, mode, items_open_at, wants_open_at, lists_close_at,
        results_at, handover_at, closes_at, seed, announcement_id, created_at, updated_at)
      select ${id}, ${access.club.id}, ${viewer.id}, ${input.name}, ${input.place}, ${input.mode}, ${ms(input.itemsOpenAt)},
        ${ms(input.wantsOpenAt)}, ${ms(input.listsCloseAt)}, ${ms(input.resultsAt)}, ${ms(input.handoverAt)}, ${ms(input.closesAt)},
        ${drawSeed()}, ${id}, ${now.getTime()}, ${now.getTime()}
      where exists (select 1 from club_messages m where m.id = ${id} and m.club_id = ${access.club.id} and m.user_id = ${viewer.id}
        and m.message_type = 'announcement')
      on conflict (id) do nothing`),
    db.select().from(swapDays).where(eq(swapDays.id, id)).limit(1),
  ]);
  if (!stored || stored.clubId !== access.club.id || stored.createdBy !== viewer.id)
    return { ok: false, error: stored ? "conflict" : "forbidden" };
  const created = inserted.rowsAffected > 0;
  if (created && announced.rowsAffected > 0)
    publish?.club(access.club.id, {
      type: "club.message.created",
      message: chatEvent(access.club.id, {
        id,
        kind: "announcement",
        content,
        author: { id: viewer.id, name: [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || "Member" },
        createdAt: now,
        authorBlocked: false,
      }),
    });
  return { ok: true, swapDay: stored, created };
}

export type SwapDaySummary = {
  id: string;
  name: string;
  place: string;
  mode: SwapDay["mode"];
  phase: SwapDayPhase;
  handoverAt: Date;
  itemsOpenAt: Date;
};

const summary = (row: SwapDay, now: Date): SwapDaySummary => ({
  id: row.id,
  name: row.name,
  place: row.place,
  mode: row.mode,
  phase: swapDayPhase(row, now),
  handoverAt: row.handoverAt,
  itemsOpenAt: row.itemsOpenAt,
});

/** The club's Swap Days not yet closed, soonest hand-over first, for members only (the SQL says active member). */
export function upcomingSwapDaysQuery(db: Db, viewer: { id: string }, clubId: string | ReturnType<typeof sql>, now: Date) {
  return db
    .select()
    .from(swapDays)
    .where(and(eq(swapDays.clubId, clubId), gt(swapDays.closesAt, now), activeMemberOf(viewer, sql`${swapDays.clubId}`)))
    .orderBy(asc(swapDays.handoverAt), asc(swapDays.id))
    .limit(20);
}

export function toSwapDaySummaries(rows: SwapDay[], now: Date): SwapDaySummary[] {
  return rows.map((row) => summary(row, now)).filter((s) => LISTED_PHASES.includes(s.phase));
}

/** One Swap Day of this club, for a member who may see it — or null (404). */
export async function getSwapDay(db: Db, access: ClubAccess, id: string): Promise<SwapDay | null> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "viewSwapDays")) return null;
  const [row] = await db
    .select()
    .from(swapDays)
    .where(and(eq(swapDays.id, id), eq(swapDays.clubId, access.club.id), activeMemberOf(viewer, sql`${swapDays.clubId}`)))
    .limit(1);
  return row ?? null;
}
