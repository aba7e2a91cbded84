// Clubs: creation, the directory, the club page, settings and Team Hub (spec 02 §2, §5, §7; issue 11).
// Each function takes the acting viewer and enforces the permission table through the club-access
// module; a club the viewer may not see is "not found". Results are typed codes the routes turn
// into the spec's texts (club-messages.ts).
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, profiles, users, type Club } from "#db/schema";
import { slugify, slugProblem } from "~/shared/club-slug";
import { CONTROL_CHARACTERS_MESSAGE } from "~/shared/text";
import { NewInviteCodeSchema } from "~/shared/schemas/club";
import type { CardPhoto } from "~/shared/schemas/search";
import { unreadDirectMessagesQuery } from "../messaging/direct-messages.server";
import { cardPhotoFrom, cardPhotoJson } from "../photos/card-photo.server";
import {
  clubAccessQuery,
  clubAllowedActions,
  clubCan,
  clubVisibleTo,
  denialFor,
  getClubAccess,
  managedBy,
  toClubAccess,
  visibleClubIdBySlug,
  type ClubAccess,
  type ClubSummary,
} from "./club-access.server";
import type { ClubErrorCode } from "./club-copy";
import { can } from "../permissions/can";
import type { ClubAction } from "../permissions/club";
import { listingOpenableBy } from "../listings/listing-visibility.server";
import { priceColumnForClub } from "../listings/prices.server";
import type { Viewer } from "../accounts/viewer";

export const DIRECTORY_PAGE_SIZE = 20; // 02 §9
export const ANONYMOUS_PREVIEW_SIZE = 3; // 02 §9

export type ClubRefusal = { ok: false; error: ClubErrorCode; club: ClubSummary | null };
export type ClubResult<T extends object = object> = ({ ok: true; club: ClubSummary } & T) | ClubRefusal;

/**
 * The access of the viewer to the club, when they may do `action` there; otherwise the refusal.
 * Shared by every write in clubs.server.ts and membership.server.ts.
 */
export async function accessFor(db: Db, viewer: Viewer | null, slug: string, action: ClubAction): Promise<ClubAccess | ClubRefusal> {
  const access = await getClubAccess(db, viewer, slug);
  if (!access) return { ok: false, error: "notFound", club: null };
  const denial = denialFor(access, action);
  return denial ? { ok: false, error: denial, club: access.club } : access;
}

export const isRefusal = (value: ClubAccess | ClubRefusal): value is ClubRefusal => "ok" in value && value.ok === false;

/** A person's name as club pages show it: first and last name, else display name, else 'Member'. */
export const memberName = sql<string>`coalesce(
  nullif(trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')), ''),
  nullif(trim(${profiles.displayName}), ''),
  'Member')`;

// ---------------------------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------------------------

export type ClubInput = {
  name: string;
  /** Empty → derived from the name (02 §2 Create club). */
  slug?: string | null;
  type: Club["type"];
  sport?: Club["sport"];
  description?: string | null;
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  visibility: "public" | "members_only";
  joinMode: Club["joinMode"];
  inviteCode?: string | null;
};

export type CreateClubResult = { ok: true; slug: string; clubId: string } | { ok: false; error: "slugTaken" | "slugInvalid" };

/** Whether no club uses this slug yet (the form's on-blur check; any visibility counts). */
export async function isSlugAvailable(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.slug, slug.trim().toLowerCase())).limit(1);
  return !row;
}

function isSlugConflict(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && /UNIQUE constraint failed: clubs\.slug/.test(e.message)) return true;
  }
  return false;
}

/**
 * Creates the club with the viewer as its active owner, in one batch: there is never a club
 * without an owner. A slug already taken (also in a race) → `slugTaken` ('Slug already exists').
 */
export async function createClub(db: Db, viewer: Viewer, input: ClubInput): Promise<CreateClubResult> {
  const slug = (input.slug?.trim() || slugify(input.name)).toLowerCase();
  if (slugProblem(slug)) return { ok: false, error: "slugInvalid" };
  if (!(await isSlugAvailable(db, slug))) return { ok: false, error: "slugTaken" };
  const clubId = crypto.randomUUID();
  const inviteCode = input.joinMode === "code" ? (input.inviteCode?.trim() ?? null) : null;
  try {
    await db.batch([
      db.insert(clubs).values({
        id: clubId,
        slug,
        name: input.name.trim(),
        type: input.type,
        sport: input.sport ?? null,
        description: input.description?.trim() || null,
        zip: input.zip || null,
        city: input.city?.trim() || null,
        state: input.state?.trim() || null,
        visibility: input.visibility,
        joinMode: input.joinMode,
        inviteCode,
        createdBy: viewer.id,
      }),
      db.insert(clubMembers).values({ clubId, userId: viewer.id, role: "owner", status: "active", approvalNotified: true }),
    ]);
  } catch (error) {
    if (isSlugConflict(error)) return { ok: false, error: "slugTaken" };
    throw error;
  }
  return { ok: true, slug, clubId };
}

// ---------------------------------------------------------------------------------------------
// Directory
// ---------------------------------------------------------------------------------------------

export type DirectoryClub = {
  id: string;
  slug: string;
  name: string;
  type: Club["type"];
  sport: Club["sport"];
  city: string | null;
  state: string | null;
  visibility: Club["visibility"];
  logoKey: string | null;
  memberCount: number;
};

/**
 * /clubs (02 §2, §7): newest first, 20 at a time, name contains `q` (case-insensitive, literal),
 * only clubs this viewer may see. `hasMore` says whether Load More has anything to load.
 */
export async function listClubsForDirectory(
  db: Db,
  viewer: Viewer | null,
  { q, offset = 0, limit = DIRECTORY_PAGE_SIZE }: { q?: string | null; offset?: number; limit?: number } = {},
): Promise<{ clubs: DirectoryClub[]; hasMore: boolean }> {
  const needle = q?.trim().toLowerCase() ?? "";
  const conditions = [clubVisibleTo(viewer)];
  // instr(), not LIKE: a typed % or _ stays literal.
  if (needle) conditions.push(sql`instr(lower(${clubs.name}), ${needle}) > 0`);
  const rows = await db
    .select({
      id: clubs.id,
      slug: clubs.slug,
      name: clubs.name,
      type: clubs.type,
      sport: clubs.sport,
      city: clubs.city,
      state: clubs.state,
      visibility: clubs.visibility,
      logoKey: clubs.logoKey,
      memberCount: sql<number>`(select count(*) from club_members m where m.club_id = clubs.id and m.status = 'active')`,
    })
    .from(clubs)
    .where(and(...conditions))
    .orderBy(desc(clubs.createdAt), asc(clubs.id))
    .limit(limit + 1)
    .offset(Math.max(0, offset));
  return { clubs: rows.slice(0, limit).map((r) => ({ ...r, memberCount: Number(r.memberCount) })), hasMore: rows.length > limit };
}

// ---------------------------------------------------------------------------------------------
// Club page
// ---------------------------------------------------------------------------------------------

export type ClubListingCard = ClubListingCardFields &
  // A card that may not link carries no id either: the id *is* the link (/listing/{id}), and
  // signed-out visitors get neither (02 §2; issue 11 Proof: no listing link in the loader data).
  ({ linkable: true; id: string } | { linkable: false; id: null });

type ClubListingCardFields = CardPhoto & {
  title: string;
  sport: string;
  /** Null when this viewer may not see prices here (the price rule, prices.server.ts). */
  priceCents: number | null;
  condition: string;
  city: string;
  state: string;
  createdAt: number;
  /** `linkable`: whether the card may link to /listing/{id} — never for signed-out visitors (02 §2), else the listing visibility rule. */
};

export type RosterEntry = { userId: string; name: string; role: "owner" | "admin" | "member" };

export type ClubPage = {
  access: ClubAccess;
  can: Record<ClubAction, boolean>;
  club: ClubSummary;
  /** The owner's name ('group admin name', 02 §2 Team Info). */
  adminName: string | null;
  memberCount: number;
  /** Active listings in the club (In Play); 'Showing 3 of N listings' and the tab count. */
  listingCount: number;
  /** Newest first; only the first 3 for a signed-out visitor (they never get the rest). */
  listings: ClubListingCard[];
  preview: boolean;
  /** Active members, or null when this viewer may not see the roster (why: rosterHidden). */
  roster: RosterEntry[] | null;
  rosterHidden: "membersOnly" | "private" | null;
  /** The viewer's unread DMs in this club (the Messages tab badge, issue 12 §3); 0 for non-members. */
  unreadDirectMessages: number;
  /**
   * The join button a non-member sees (02 §2): its action by join mode, disabled while
   * allow_join_requests is off, leading to sign-in first for signed-out visitors. Null for members,
   * pending members (they see a disabled 'Pending') and anyone else with nothing to join.
   */
  joinOffer: { action: "join" | "joinWithCode" | "requestToJoin"; enabled: boolean; signInFirst: boolean } | null;
};

const JOIN_ACTION_BY_MODE = { open: "join", code: "joinWithCode", approval: "requestToJoin" } as const;

/** Everything /club/{slug} shows, for this viewer — or null: 404 'Club not found'. */
export async function getClubPage(db: Db, viewer: Viewer | null, slug: string): Promise<ClubPage | null> {
  // One batch (ADR 051): the club and the viewer's membership, and everything the page shows keyed
  // by the id of the club with this slug *if this viewer may see it* — an unseen club reads nothing.
  // What depends on the viewer's roles is decided after, from the permission table: the roster is
  // dropped when they may not see it, and only a signed-out visitor (the one role without
  // viewListingsAll) is sent the preview's few rows.
  const clubId = visibleClubIdBySlug(viewer, slug);
  const inClub = sql`listings.status = 'active' and exists (select 1 from listing_clubs lc where lc.listing_id = listings.id and lc.club_id = ${clubId})`;
  const linkable = viewer ? sql`case when ${listingOpenableBy(viewer)} then 1 else 0 end` : sql`0`;
  // A card's photo only when /photos/ would serve it to this viewer (the listing's own rule): a
  // club-only listing in a visitor's preview shows the no-photo tile, not a broken image.
  const photoShown = sql`case when ${listingOpenableBy(viewer)} then 1 else 0 end`;
  const [accessRows, counts, listingRows, rosterRows, unreadRows] = await db.batch([
    clubAccessQuery(db, viewer, slug),
    db.all<{ listings: number; members: number; admin_name: string | null }>(sql`
      select
        (select count(*) from listings where ${inClub}) as listings,
        (select count(*) from club_members m where m.club_id = ${clubId} and m.status = 'active') as members,
        (select ${memberName} from club_members m join profiles on profiles.user_id = m.user_id
          where m.club_id = ${clubId} and m.role = 'owner') as admin_name`),
    db.all<{ id: string; title: string; sport: string; price_cents: number | null; condition: string; city: string; state: string; created_at: number; photo: string | null; linkable: number }>(sql`
      select listings.id, listings.title, listings.sport, ${priceColumnForClub(viewer, clubId)} as price_cents, listings.condition,
        listings.city, listings.state, listings.created_at, ${linkable} as linkable,
        case when ${photoShown} = 1 then ${cardPhotoJson} end as photo
      from listings where ${inClub}
      order by listings.created_at desc, listings.id
      ${viewer ? sql`` : sql`limit ${ANONYMOUS_PREVIEW_SIZE}`}`),
    rosterQuery(db, clubId),
    // The Messages tab's unread count (ADR 050), in the same batch; kept only if the viewer may DM.
    viewer ? unreadDirectMessagesQuery(db, clubId, viewer.id) : db.all<{ n: number }>(sql`select 0 as n`),
  ]);
  const access = toClubAccess(viewer, accessRows);
  if (!access) return null;
  const { club } = access;
  const allowed = clubAllowedActions(access);
  const preview = !allowed.viewListingsAll;
  const [count] = counts;
  return {
    access,
    can: allowed,
    club,
    adminName: count?.admin_name ?? null,
    memberCount: Number(count?.members ?? 0),
    listingCount: Number(count?.listings ?? 0),
    listings: (preview ? listingRows.slice(0, ANONYMOUS_PREVIEW_SIZE) : listingRows).map((row): ClubListingCard => ({
      ...(row.linkable ? { linkable: true as const, id: row.id } : { linkable: false as const, id: null }),
      title: row.title,
      sport: row.sport,
      priceCents: row.price_cents === null ? null : Number(row.price_cents),
      condition: row.condition,
      city: row.city,
      state: row.state,
      createdAt: Number(row.created_at),
      ...cardPhotoFrom(row.photo),
    })),
    preview,
    roster: allowed.viewRoster ? rosterRows : null,
    rosterHidden: allowed.viewRoster ? null : club.visibility === "private" ? "private" : "membersOnly",
    unreadDirectMessages: allowed.sendDm ? Number(unreadRows[0]?.n ?? 0) : 0,
    joinOffer: joinOfferFor(access),
  };
}

function joinOfferFor(access: ClubAccess): ClubPage["joinOffer"] {
  const action = JOIN_ACTION_BY_MODE[access.club.joinMode];
  const anonymous = access.roles.includes("anonymous");
  if (!anonymous && !access.roles.includes("stranger")) return null;
  // A signed-out visitor is offered what a signed-in stranger could do, after signing in.
  const aStranger = { id: "", isAdmin: false };
  return { action, enabled: can(aStranger, action, { kind: "club", club: access.club, membership: null }), signInFirst: anonymous };
}

/** Active members: owner first, then admins, then members, each by name. No e-mails. */
function rosterQuery(db: Db, clubId: string | SQL) {
  return db
    .select({ userId: clubMembers.userId, name: memberName, role: clubMembers.role })
    .from(clubMembers)
    .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, "active")))
    .orderBy(sql`case ${clubMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, sql`${memberName} collate nocase`);
}

// ---------------------------------------------------------------------------------------------
// Manage
// ---------------------------------------------------------------------------------------------

export type PendingRequest = { membershipId: string; userId: string; name: string; email: string | null; requestedAt: Date };

/** Pending membership requests, newest first (02 §7) — for those who may approve; else a refusal. */
export async function pendingRequests(db: Db, viewer: Viewer | null, slug: string): Promise<ClubResult<{ requests: PendingRequest[] }>> {
  const access = await accessFor(db, viewer, slug, "approve");
  if (isRefusal(access)) return access;
  const requests = await pendingRequestsQuery(db, access.club.id);
  return { ok: true, club: access.club, requests };
}

/** A club's join requests, newest first, with the e-mail managers see (02 §2 Manage) — the club as an id or as SQL for it. */
function pendingRequestsQuery(db: Db, clubId: string | SQL) {
  return db
    .select({
      membershipId: clubMembers.id,
      userId: clubMembers.userId,
      name: memberName,
      email: sql<string | null>`coalesce(${profiles.email}, ${users.email})`,
      requestedAt: clubMembers.createdAt,
    })
    .from(clubMembers)
    .innerJoin(users, eq(users.id, clubMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
    .where(and(sql`${clubMembers.clubId} = ${clubId}`, eq(clubMembers.status, "pending")))
    .orderBy(desc(clubMembers.createdAt), asc(clubMembers.id));
}

/**
 * Everything the manage page reads, in one batch (ADR 051): the club and the viewer's membership,
 * the pending requests (with e-mails), the roster and the invite code. The last three are keyed by
 * the club's id only where the viewer manages it (`managedBy`: the `manage` row of the permission
 * table, generated as SQL so nothing private is read for anyone else); the caller still decides
 * with `requireClubPermission(…, 'manage')` on `access`.
 */
export async function getClubManagePage(db: Db, viewer: Viewer | null, slug: string) {
  const managed = sql`(select clubs.id from clubs where clubs.slug = ${slug.trim().toLowerCase()} and ${clubVisibleTo(viewer)} and ${managedBy(viewer)})`;
  const [accessRows, requests, members, codes] = await db.batch([
    clubAccessQuery(db, viewer, slug),
    pendingRequestsQuery(db, managed),
    db
      .select({ membershipId: clubMembers.id, name: memberName, role: clubMembers.role })
      .from(clubMembers)
      .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
      .where(and(eq(clubMembers.clubId, managed), eq(clubMembers.status, "active")))
      .orderBy(asc(clubMembers.createdAt), asc(clubMembers.id)),
    db.select({ inviteCode: clubs.inviteCode }).from(clubs).where(eq(clubs.id, managed)).limit(1),
  ]);
  const access = toClubAccess(viewer, accessRows);
  if (!access || !clubCan(access, "manage")) return { access, requests: [], members: [], inviteCode: null };
  const inviteCode = access.club.joinMode === "code" && clubCan(access, "viewInviteCode") ? (codes[0]?.inviteCode ?? null) : null;
  return { access, requests: clubCan(access, "approve") ? requests : [], members, inviteCode };
}

export type ClubSettings = Pick<Club, "showPricesInPreview" | "showListingCount" | "allowJoinRequests">;

/** The three switches of the manage page (02 §2): 'Settings saved'. */
export async function updateClubSettings(db: Db, viewer: Viewer | null, slug: string, settings: ClubSettings): Promise<ClubResult> {
  const access = await accessFor(db, viewer, slug, "editSettings");
  if (isRefusal(access)) return access;
  const [club] = await db
    .update(clubs)
    .set({ showPricesInPreview: settings.showPricesInPreview, showListingCount: settings.showListingCount, allowJoinRequests: settings.allowJoinRequests })
    .where(eq(clubs.id, access.club.id))
    .returning();
  const { inviteCode: _hidden, ...summary } = club;
  return { ok: true, club: summary };
}

/** A new invite code (4 to 20 characters after trimming); the old one stops working at once. */
export async function changeInviteCode(db: Db, viewer: Viewer | null, slug: string, code: string): Promise<ClubResult> {
  const access = await accessFor(db, viewer, slug, "changeInviteCode");
  if (isRefusal(access)) return access;
  // The manage form's schema: 4–20 characters and the shared text rule (no control characters).
  const parsed = NewInviteCodeSchema.safeParse({ inviteCode: code });
  if (!parsed.success) {
    const control = parsed.error.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE);
    return { ok: false, error: control ? "inviteCodeControlCharacters" : "inviteCodeRequired", club: access.club };
  }
  await db.update(clubs).set({ inviteCode: parsed.data.inviteCode }).where(eq(clubs.id, access.club.id));
  return { ok: true, club: access.club };
}

/**
 * Stores the key of an uploaded logo (the route checks the content and writes R2, as for listing
 * photos). Returns the previous key for the caller to delete.
 */
export async function setClubLogo(db: Db, viewer: Viewer | null, slug: string, logoKey: string): Promise<ClubResult<{ previousKey: string | null }>> {
  const access = await accessFor(db, viewer, slug, "uploadLogo");
  if (isRefusal(access)) return access;
  await db.update(clubs).set({ logoKey }).where(eq(clubs.id, access.club.id));
  return { ok: true, club: { ...access.club, logoKey }, previousKey: access.club.logoKey };
}

// ---------------------------------------------------------------------------------------------
// Team Hub
// ---------------------------------------------------------------------------------------------

export type TeamHubClub = {
  membershipId: string;
  slug: string;
  name: string;
  type: Club["type"];
  sport: Club["sport"];
  city: string | null;
  state: string | null;
  logoKey: string | null;
  role: "owner" | "admin" | "member";
  status: "active" | "pending";
  memberCount: number;
};

/** /team-hub (02 §2): the viewer's memberships, active ones first, each by club name. */
export async function teamHub(db: Db, viewer: Viewer): Promise<TeamHubClub[]> {
  const rows = await db
    .select({
      membershipId: clubMembers.id,
      slug: clubs.slug,
      name: clubs.name,
      type: clubs.type,
      sport: clubs.sport,
      city: clubs.city,
      state: clubs.state,
      logoKey: clubs.logoKey,
      role: clubMembers.role,
      status: clubMembers.status,
      memberCount: sql<number>`(select count(*) from club_members m where m.club_id = clubs.id and m.status = 'active')`,
    })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(eq(clubMembers.userId, viewer.id))
    .orderBy(sql`${clubMembers.status} = 'pending'`, sql`${clubs.name} collate nocase`);
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

