// Players in a family (ADR 091): children without an account, entered by a guardian. Every read and
// write names the asking adult in its SQL — a player is theirs only through a player_guardians row —
// so another family's player is not found (a 404), never "forbidden". What a role may do is
// PLAYER_PERMISSIONS (app/features/permissions/player.ts); the SQL supplies the one fact it needs.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { SPORT_KEYS, type SportKey } from "#db/schema/enums";
import { PLAYER_SIZE_KINDS, type PlayerSizeKind } from "#db/schema/player-size-kinds";
import { ageGroup } from "~/shared/catalog/sizes";
import type { PlayerForm } from "~/shared/schemas/family";
import { can } from "../permissions/can";
import type { Viewer } from "../permissions/viewer";

export type PlayerSizeView = { kind: PlayerSizeKind; value: string; measuredOn: string };
export type FamilyPlayer = {
  id: string;
  firstName: string;
  birthYear: number;
  sports: SportKey[];
  sizes: PlayerSizeView[];
  /** How many guardians share the player (the asker is one). */
  guardians: number;
  /** The clubs whose roster they are on: slug and name. */
  rosters: { clubId: string; slug: string; name: string }[];
};

type Guardian = Pick<Viewer, "id" | "isAdmin">;

/** The condition "`viewer` is a guardian of the player whose id is `playerId`" (SQL). */
export const guardianOf = (viewer: Pick<Viewer, "id">, playerId: unknown) =>
  sql`exists (select 1 from player_guardians g where g.player_id = ${playerId} and g.user_id = ${viewer.id})`;

const sportsOf = (stored: string): SportKey[] =>
  stored.split(",").filter((key): key is SportKey => (SPORT_KEYS as readonly string[]).includes(key));

type PlayerRow = { id: string; firstName: string; birthYear: number; sports: string; guardians: number };

/** The viewer's players (their family), with sizes and rosters: three statements, one round trip. */
export async function familyOf(db: Db, viewer: Pick<Viewer, "id">, onlyId?: string): Promise<FamilyPlayer[]> {
  const only = onlyId === undefined ? sql`1` : sql`p.id = ${onlyId}`;
  const [rows, sizes, rosters] = await db.batch([
    db.all<PlayerRow>(sql`select p.id, p.first_name as firstName, p.birth_year as birthYear, p.sports,
        (select count(*) from player_guardians o where o.player_id = p.id) as guardians
      from player_guardians g join players p on p.id = g.player_id
      where g.user_id = ${viewer.id} and ${only} order by p.created_at, p.id`),
    db.all<PlayerSizeView & { playerId: string }>(sql`select s.player_id as playerId, s.kind, s.value, s.measured_on as measuredOn
      from player_guardians g join player_sizes s on s.player_id = g.player_id
      where g.user_id = ${viewer.id} and ${onlyId === undefined ? sql`1` : sql`s.player_id = ${onlyId}`}`),
    db.all<{
      playerId: string;
      clubId: string;
      slug: string;
      name: string;
    }>(sql`select r.player_id as playerId, c.id as clubId, c.slug, c.name
      from player_guardians g join club_roster_players r on r.player_id = g.player_id join clubs c on c.id = r.club_id
      where g.user_id = ${viewer.id} and ${onlyId === undefined ? sql`1` : sql`r.player_id = ${onlyId}`} order by c.name`),
  ]);
  const order = new Map(PLAYER_SIZE_KINDS.map((kind, i) => [kind, i]));
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    birthYear: Number(row.birthYear),
    sports: sportsOf(row.sports),
    guardians: Number(row.guardians),
    sizes: sizes
      .filter((s) => s.playerId === row.id)
      .map(({ kind, value, measuredOn }) => ({ kind, value, measuredOn }))
      .sort((a, b) => order.get(a.kind)! - order.get(b.kind)!),
    rosters: rosters.filter((r) => r.playerId === row.id).map(({ clubId, slug, name }) => ({ clubId, slug, name })),
  }));
}

/** One of the viewer's players, or null — another family's player is not found. */
export async function playerOf(db: Db, viewer: Pick<Viewer, "id">, playerId: string): Promise<FamilyPlayer | null> {
  return (await familyOf(db, viewer, playerId))[0] ?? null;
}

/**
 * Adds or changes a player, in one batch. The id was minted by the form's loader, so a retried or
 * doubled add stores one player (`on conflict do nothing`); a change applies only where the viewer is
 * a guardian — for anyone else it changes nothing and answers 'not_found'.
 */
export async function savePlayer(
  db: Db,
  viewer: Guardian,
  form: PlayerForm,
  now = new Date(),
): Promise<{ ok: true; created: boolean } | { ok: false; reason: "not_found" }> {
  const [existing] = await db.all<{ guardian: number }>(
    sql`select ${guardianOf(viewer, form.playerId)} as guardian from players where id = ${form.playerId}`,
  );
  const guardian = Boolean(existing && Number(existing.guardian));
  if (existing ? !can(viewer, "edit", { kind: "player", guardian }) : !can(viewer, "add", { kind: "player", guardian: false }))
    return { ok: false, reason: "not_found" };
  const sports = [...new Set(form.sports)].join(",");
  const sizes = PLAYER_SIZE_KINDS.flatMap((kind) => {
    const size = form.sizes?.[kind];
    return size?.value && size.measuredOn ? [{ kind, value: size.value, measuredOn: size.measuredOn }] : [];
  });
  const mine = guardianOf(viewer, form.playerId);
  const t = now.getTime();
  const [, , updated] = await db.batch([
    db.run(sql`insert into players (id, first_name, birth_year, sports, created_at, updated_at)
      values (${form.playerId}, ${form.firstName}, ${form.birthYear}, ${sports}, ${t}, ${t}) on conflict (id) do nothing`),
    // The first guardian: whoever added it — only while it has none (an existing player is never joined this way).
    db.run(sql`insert into player_guardians (player_id, user_id, created_at)
      select ${form.playerId}, ${viewer.id}, ${t}
      where not exists (select 1 from player_guardians g where g.player_id = ${form.playerId})`),
    db.run(sql`update players set first_name = ${form.firstName}, birth_year = ${form.birthYear}, sports = ${sports}, updated_at = ${t}
      where id = ${form.playerId} and ${mine}`),
    db.run(sql`delete from player_sizes where player_id = ${form.playerId} and ${mine}`),
    ...sizes.map((size) =>
      db.run(sql`insert into player_sizes (player_id, kind, value, measured_on)
        select ${form.playerId}, ${size.kind}, ${size.value}, ${size.measuredOn} where ${mine}`),
    ),
  ]);
  if (updated.rowsAffected === 0) return { ok: false, reason: "not_found" };
  return { ok: true, created: !existing };
}

/**
 * 'Remove from my family': the viewer stops being a guardian; a player with no guardian left is
 * deleted with everything of theirs (sizes, rosters, invitations, prompts: ON DELETE CASCADE).
 */
export async function removePlayer(db: Db, viewer: Pick<Viewer, "id">, playerId: string): Promise<boolean> {
  const [left] = await db.batch([
    db.run(sql`delete from player_guardians where player_id = ${playerId} and user_id = ${viewer.id}`),
    db.run(
      sql`delete from players where id = ${playerId} and not exists (select 1 from player_guardians g where g.player_id = ${playerId})`,
    ),
  ]);
  return left.rowsAffected > 0;
}

/**
 * The statements that delete a person's players who have no other guardian (ADR 091, ADR 044): for
 * the account deletion's own batch, before the users row goes (its guardian rows cascade after).
 */
export function orphanedPlayersDeleteStatement(db: Db, userId: string) {
  return db.run(sql`delete from players where id in (select g.player_id from player_guardians g where g.user_id = ${userId})
    and not exists (select 1 from player_guardians o where o.player_id = players.id and o.user_id <> ${userId})`);
}

/**
 * A guardian puts their player on the roster of a club they are an active member of (one statement:
 * both facts in its WHERE) → false when either is not so. Twice is once (the primary key).
 */
export async function addToRoster(db: Db, viewer: Guardian, playerId: string, clubId: string, now = new Date()): Promise<boolean> {
  const result = await db.run(sql`insert into club_roster_players (club_id, player_id, added_by, created_at)
    select ${clubId}, ${playerId}, ${viewer.id}, ${now.getTime()}
    where ${guardianOf(viewer, playerId)}
      and exists (select 1 from club_members m where m.club_id = ${clubId} and m.user_id = ${viewer.id} and m.status = 'active')
    on conflict do nothing`);
  if (result.rowsAffected > 0) return true;
  const [on] = await db.all<{ n: number }>(
    sql`select count(*) as n from club_roster_players where club_id = ${clubId} and player_id = ${playerId} and ${guardianOf(viewer, playerId)}`,
  );
  return Number(on?.n ?? 0) > 0;
}

export async function removeFromRoster(db: Db, viewer: Pick<Viewer, "id">, playerId: string, clubId: string): Promise<boolean> {
  const result = await db.run(
    sql`delete from club_roster_players where club_id = ${clubId} and player_id = ${playerId} and ${guardianOf(viewer, playerId)}`,
  );
  return result.rowsAffected > 0;
}

/** A club's players as its roster shows them (ADR 091): the first name and the age group, nothing else. */
export type RosterPlayer = { firstName: string; ageGroup: string };

/**
 * The roster's players of one club. Who may see the roster is the club page's rule (CLUB_VISIBILITY's
 * roster); the birth year is read only to make the age group here and never leaves this function.
 */
export async function rosterPlayersOf(db: Db, clubId: string, today = new Date()): Promise<RosterPlayer[]> {
  const rows = await db.all<{ firstName: string; birthYear: number }>(sql`select p.first_name as firstName, p.birth_year as birthYear
    from club_roster_players r join players p on p.id = r.player_id where r.club_id = ${clubId}
    order by p.first_name collate nocase, p.id`);
  return rows.map((row) => ({ firstName: row.firstName, ageGroup: ageGroup(Number(row.birthYear), today) }));
}

/** The clubs the viewer is an active member of (for 'Add to a roster'). */
export async function rosterClubsOf(db: Db, viewer: Pick<Viewer, "id">): Promise<{ id: string; name: string }[]> {
  return db.all(sql`select c.id, c.name from club_members m join clubs c on c.id = m.club_id
    where m.user_id = ${viewer.id} and m.status = 'active' order by c.name collate nocase`);
}

// ── A second guardian (ADR 091) ─────────────────────────────────────────────

/** How long an invitation's link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * 'Invite a second guardian': a guardian names an e-mail; the mail's link carries a random token,
 * only its hash is stored (as e-mail verification's). Inviting the same address again replaces the
 * earlier link. → the token to mail, or null when the player is not the viewer's.
 */
export async function invitationFor(
  db: Db,
  viewer: Pick<Viewer, "id">,
  playerId: string,
  email: string,
  token: { token: string; hash: string },
  now = new Date(),
): Promise<{ firstName: string } | null> {
  const address = email.trim().toLowerCase();
  const t = now.getTime();
  const [, named] = await db.batch([
    db.run(sql`insert into player_invites (id, player_id, invited_by, email, token_hash, expires_at, created_at)
      select ${crypto.randomUUID()}, ${playerId}, ${viewer.id}, ${address}, ${token.hash}, ${t + INVITE_TTL_MS}, ${t}
      where ${guardianOf(viewer, playerId)}
      on conflict (player_id, email) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at,
        invited_by = excluded.invited_by, accepted_at = null, created_at = excluded.created_at`),
    db.all<{ firstName: string }>(
      sql`select first_name as firstName from players where id = ${playerId} and ${guardianOf(viewer, playerId)}`,
    ),
  ]);
  return named[0] ?? null;
}

export type InviteProblem = "invalid" | "expired" | "used" | "other_address";

/** What the invitation page shows before the button: the player's first name, or why not. */
export async function invitationView(
  db: Db,
  viewer: Pick<Viewer, "id" | "email">,
  tokenHash: string,
  now = new Date(),
): Promise<{ ok: true; firstName: string } | { ok: false; reason: InviteProblem }> {
  const [row] = await db.all<{ email: string; expiresAt: number; acceptedAt: number | null; firstName: string }>(sql`
    select i.email, i.expires_at as expiresAt, i.accepted_at as acceptedAt, p.first_name as firstName
    from player_invites i join players p on p.id = i.player_id where i.token_hash = ${tokenHash}`);
  if (!row) return { ok: false, reason: "invalid" };
  // The link is for the address it was sent to: anyone else holding it learns nothing about the child.
  if (row.email !== viewer.email.trim().toLowerCase()) return { ok: false, reason: "other_address" };
  if (row.acceptedAt !== null) return { ok: false, reason: "used" };
  if (Number(row.expiresAt) <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, firstName: row.firstName };
}

/**
 * The invitation page's button: one batch — the guardian row, inserted only from an unspent, unexpired
 * invitation addressed to the viewer, and the invitation spent. Two presses at once: one guardian row
 * (its primary key), and the loser is told 'used'.
 */
export async function acceptInvitation(
  db: Db,
  viewer: Pick<Viewer, "id" | "email">,
  tokenHash: string,
  now = new Date(),
): Promise<{ ok: true; playerId: string } | { ok: false; reason: InviteProblem }> {
  const t = now.getTime();
  const address = viewer.email.trim().toLowerCase();
  const valid = sql`i.token_hash = ${tokenHash} and i.email = ${address} and i.accepted_at is null and i.expires_at > ${t}`;
  const [, spent] = await db.batch([
    db.run(sql`insert into player_guardians (player_id, user_id, created_at)
      select i.player_id, ${viewer.id}, ${t} from player_invites i where ${valid} on conflict do nothing`),
    db.all<{ playerId: string }>(sql`update player_invites as i set accepted_at = ${t} where ${valid} returning player_id as playerId`),
  ]);
  if (spent[0]) return { ok: true, playerId: spent[0].playerId };
  const seen = await invitationView(db, viewer, tokenHash, now);
  return { ok: false, reason: seen.ok ? "used" : seen.reason };
}
