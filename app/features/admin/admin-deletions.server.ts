// Deleting an account or a club as a site admin (spec 02 §7, ADR 044): one batch that really
// deletes — the person's rows, their open deals closed first, their photos marked for the cleanup —
// with the audit row in the same batch.
import { orphanedPlayersDeleteStatement } from "../families/players.server";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { adminAuditLog, clubMembers, clubs, userRoles, users } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { can, SITE } from "../permissions/can";
import type { ModeratorBatch } from "../safety/audit.server";
import { closeDealsOfLeavingUser } from "../trade/deals.server";

// ---------------------------------------------------------------------------------------------
// Deleting (ADR 044)
// ---------------------------------------------------------------------------------------------

export type DeleteUserResult =
  | { ok: true; email: string; removedKeys: string[]; clubsPassedOn: number; clubsDeleted: number }
  | { ok: false; reason: "not_found" | "self" | "last_admin" | "forbidden" };

/** Marks photo objects 'deleting' in the ledger (ADR 017) so a failed R2 delete is retried, not forgotten. */
function markListingPhotos(db: Db, where: SQL) {
  return db.all<{ r2Key: string }>(sql`
    insert into photo_objects (r2_key, owner_id, state, content_type, width, height, byte_size,
                               thumb_key, thumb_width, thumb_height, thumb_byte_size, created_at)
    select lp.r2_key, l.user_id, 'deleting', lp.content_type, lp.width, lp.height, lp.byte_size,
           lp.thumb_key, lp.thumb_width, lp.thumb_height, lp.thumb_byte_size, ${Date.now()}
    from listing_photos lp join listings l on l.id = lp.listing_id
    where ${where}
    on conflict (r2_key) do update set state = 'deleting'
    returning r2_key as r2Key`);
}

function markClubLogos(db: Db, clubIds: SQL) {
  return db.all<{ r2Key: string }>(sql`
    insert into photo_objects (r2_key, owner_id, state, content_type, byte_size, created_at)
    select c.logo_key, coalesce(c.created_by, ''), 'deleting', 'application/octet-stream', 0, ${Date.now()}
    from clubs c where c.logo_key is not null and c.id in ${clubIds}
    on conflict (r2_key) do update set state = 'deleting'
    returning r2_key as r2Key`);
}

/**
 * Deletes an account and everything that hangs off it, in one batch:
 * - clubs it owns pass to the longest-standing active club admin, else the earliest active member;
 *   clubs with nobody left are deleted (their memberships, messages, requests, invite code with them);
 * - its listings (and their photos: marked in the ledger, deleted from R2 by the caller with
 *   finishPhotoDeletes), favourites, memberships, messages and DMs sent and received, requests,
 *   sessions (every browser is signed out on its next request), verification tokens: foreign keys
 *   with ON DELETE CASCADE;
 * - its pending uploads are marked for deletion too;
 * - an audit entry when an admin did it.
 * A site admin cannot delete themselves from the dashboard, and the last site admin cannot go.
 */
export async function deleteUserAccount(
  db: Db,
  actor: Viewer,
  targetUserId: string,
  how: "admin" | "self",
  moderation?: ModeratorBatch,
): Promise<DeleteUserResult> {
  if (how === "admin" && !can(actor, "deleteUser", SITE)) return { ok: false, reason: "forbidden" };
  if (how === "admin" && actor.id === targetUserId) return { ok: false, reason: "self" };
  if (how === "self" && actor.id !== targetUserId) return { ok: false, reason: "forbidden" };
  const [[target], owned, [{ admins }], [targetAdmin]] = await db.batch([
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, targetUserId)),
    db
      .select({ clubId: clubMembers.clubId })
      .from(clubMembers)
      .where(and(eq(clubMembers.userId, targetUserId), eq(clubMembers.role, "owner"))),
    db.select({ admins: count() }).from(userRoles).where(eq(userRoles.role, "admin")),
    db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, targetUserId), eq(userRoles.role, "admin"))),
  ]);
  if (!target) return { ok: false, reason: "not_found" };
  if (targetAdmin && admins <= 1) return { ok: false, reason: "last_admin" };
  const ownedIds = owned.map((o) => o.clubId);
  const ownedList = ownedIds.length
    ? sql`(${sql.join(
        ownedIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`(null)`;
  const now = Date.now();
  const results = await db.batch([
    markListingPhotos(db, sql`l.user_id = ${targetUserId}`),
    db.all<{ r2Key: string }>(
      sql`update photo_objects set state = 'deleting' where owner_id = ${targetUserId} and state = 'pending' returning r2_key as r2Key`,
    ),
    // The owner's row goes first (one owner per club), then the successor is promoted.
    db.run(sql`delete from club_members where user_id = ${targetUserId} and role = 'owner'`),
    db.all<{ clubId: string }>(sql`
      update club_members set role = 'owner'
      where id in (
        select (select m.id from club_members m
                where m.club_id = c.id and m.status = 'active' and m.user_id <> ${targetUserId}
                order by case m.role when 'admin' then 0 else 1 end, m.created_at, m.id limit 1)
        from clubs c where c.id in ${ownedList})
      returning club_id as clubId`),
    markClubLogos(
      db,
      sql`(select c.id from clubs c where c.id in ${ownedList} and not exists (select 1 from club_members m where m.club_id = c.id and m.role = 'owner'))`,
    ),
    db.all<{ id: string }>(sql`
      delete from clubs where id in ${ownedList}
        and not exists (select 1 from club_members m where m.club_id = clubs.id and m.role = 'owner')
      returning id`),
    // Open deals end before the person goes; the other side's locked listings are released.
    ...closeDealsOfLeavingUser(db, targetUserId, new Date(now)),
    // Their players with no other guardian (ADR 091): nothing of a child outlives all their guardians.
    orphanedPlayersDeleteStatement(db, targetUserId),
    db.delete(users).where(eq(users.id, targetUserId)),
    ...(how === "admin"
      ? [
          db.insert(adminAuditLog).values({
            actorId: actor.id,
            actorEmail: actor.email,
            action: "delete_user",
            targetType: "user",
            targetId: target.id,
            targetLabel: target.email,
            detail: JSON.stringify({ ownedClubs: ownedIds.length }),
            reason: moderation?.reason ?? null,
            reportId: moderation?.reportId ?? null,
            createdAt: new Date(now),
          }),
          // A moderator's action (ADR 069): its guard and the closing of the reports, in this batch.
          ...(moderation?.statements ?? []),
        ]
      : []),
  ] as const);
  const [photos, pending, , passedOn, logos, deletedClubs] = results as unknown as [
    { r2Key: string }[],
    { r2Key: string }[],
    unknown,
    { clubId: string }[],
    { r2Key: string }[],
    { id: string }[],
  ];
  return {
    ok: true,
    email: target.email,
    removedKeys: [...photos, ...pending, ...logos].map((p) => p.r2Key),
    clubsPassedOn: passedOn.length,
    clubsDeleted: deletedClubs.length,
  };
}

export type DeleteClubResult = { ok: true; name: string; removedKeys: string[] } | { ok: false; reason: "not_found" | "forbidden" };

/**
 * Deletes a club with its memberships, messages, requests and invite code (cascade). Listings that
 * were posted to it keep their 'clubs' audience: a listing posted only there is then seen by its
 * seller alone until they choose where it goes (ADR 026) — never silently public.
 */
export async function deleteClubAsAdmin(db: Db, actor: Viewer, clubId: string, moderation?: ModeratorBatch): Promise<DeleteClubResult> {
  if (!can(actor, "deleteClub", SITE)) return { ok: false, reason: "forbidden" };
  const [club] = await db.select({ id: clubs.id, name: clubs.name, slug: clubs.slug }).from(clubs).where(eq(clubs.id, clubId));
  if (!club) return { ok: false, reason: "not_found" };
  const [logos, deleted] = await db.batch([
    markClubLogos(db, sql`(${club.id})`),
    db.delete(clubs).where(eq(clubs.id, club.id)).returning({ id: clubs.id }),
    db.insert(adminAuditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: "delete_club",
      targetType: "club",
      targetId: club.id,
      targetLabel: club.name,
      detail: JSON.stringify({ slug: club.slug }),
      reason: moderation?.reason ?? null,
      reportId: moderation?.reportId ?? null,
    }),
    ...(moderation?.statements ?? []),
  ]);
  if (deleted.length === 0) return { ok: false, reason: "not_found" };
  return { ok: true, name: club.name, removedKeys: logos.map((l) => l.r2Key) };
}
