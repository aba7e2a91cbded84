// The club page, /club/{slug} (spec 02 §2 Club page, §9): what it shows, for this viewer,
// in one batch (ADR 051). What depends on the viewer's roles comes from the permission table.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, profiles } from "#db/schema";
import type { CardPhoto } from "~/shared/schemas/search";
import { unreadDirectMessagesQuery } from "~/features/messaging/direct-messages.server";
import { memberName } from "~/features/accounts/member-name.server";
import { cardPhotoFrom, cardPhotoJson } from "~/features/photos/card-photo.server";
import { clubAccessQuery, toClubAccess, visibleClubIdBySlug, type ClubAccess, type ClubSummary } from "~/features/clubs/club-access.server";
import { canInClub, type ClubAction, clubAllowedActions } from "~/features/permissions/club";
import { listingOpenableBy } from "~/features/listings/listing-visibility.server";
import { priceColumnForClub } from "~/features/listings/prices.server";
import type { Viewer } from "~/features/permissions/viewer";
import { toSwapDaySummaries, upcomingSwapDaysQuery, type SwapDaySummary } from "~/features/swap-days/swap-days.server";

export const ANONYMOUS_PREVIEW_SIZE = 3; // 02 §9

export type ClubListingCard = ClubListingCardFields &
  // A card that may not link carries no id either: the id *is* the link (/listing/{id}), and
  // signed-out visitors get neither (02 §2: no listing link in the loader data).
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
  /**
   * Active listings in the club (In Play); 'Showing 3 of N listings' and the tab count. Null when
   * the club hides its count (show_listing_count off): then it is not even counted (ADR 058).
   */
  listingCount: number | null;
  /** Newest first; only the first 3 for a signed-out visitor (they never get the rest). */
  listings: ClubListingCard[];
  preview: boolean;
  /** Active members, or null when this viewer may not see the roster (why: rosterHidden). */
  roster: RosterEntry[] | null;
  rosterHidden: "membersOnly" | "private" | null;
  /** The viewer's unread DMs in this club (the Messages tab badge, ADR 050); 0 for non-members. */
  unreadDirectMessages: number;
  /** Upcoming and open Swap Days (ADR 088), soonest first; null for anyone who may not see them (non-members). */
  swapDays: SwapDaySummary[] | null;
  /**
   * The join button a non-member sees (02 §2): its action by join mode, disabled while
   * allow_join_requests is off, leading to sign-in first for signed-out visitors. Null for members,
   * pending members (they see a disabled 'Pending') and anyone else with nothing to join.
   */
  joinOffer: { action: "join" | "joinWithCode" | "requestToJoin"; enabled: boolean; signInFirst: boolean } | null;
};

const JOIN_ACTION_BY_MODE = { open: "join", code: "joinWithCode", approval: "requestToJoin" } as const;

/** Everything /club/{slug} shows, for this viewer — or null: 404 'Club not found'. */
export async function getClubPage(db: Db, viewer: Viewer | null, slug: string, now = new Date()): Promise<ClubPage | null> {
  // One batch (ADR 051): the club and the viewer's membership, and everything the page shows keyed
  // by the id of the club with this slug *if this viewer may see it* — an unseen club reads nothing.
  // What depends on the viewer's roles is decided after, from the permission table: the roster is
  // dropped when they may not see it, and only a signed-out visitor (the one role without
  // viewListingsAll) is sent the preview's few rows.
  const clubId = visibleClubIdBySlug(viewer, slug);
  // Driven by the club's links (listing_clubs by club_id, then each listing by its key): a correlated
  // `exists` per listing made SQLite scan the whole listings table, twice a page (docs/capacity.md).
  const inClub = sql`listings.id in (select lc.listing_id from listing_clubs lc where lc.club_id = ${clubId}) and listings.status = 'active'`;
  const linkable = viewer ? sql`case when ${listingOpenableBy(viewer)} then 1 else 0 end` : sql`0`;
  // A card's photo only when /photos/ would serve it to this viewer (the listing's own rule): a
  // club-only listing in a visitor's preview shows the no-photo tile, not a broken image.
  const photoShown = sql`case when ${listingOpenableBy(viewer)} then 1 else 0 end`;
  const [accessRows, counts, listingRows, rosterRows, unreadRows, swapDayRows] = await db.batch([
    clubAccessQuery(db, viewer, slug),
    db.all<{ listings: number | null; members: number; admin_name: string | null }>(sql`
      select
        (select case when shown.show_listing_count then (select count(*) from listings where ${inClub}) end
          from clubs shown where shown.id = ${clubId}) as listings,
        (select count(*) from club_members m where m.club_id = ${clubId} and m.status = 'active') as members,
        (select ${memberName()} from club_members m join profiles on profiles.user_id = m.user_id
          where m.club_id = ${clubId} and m.role = 'owner') as admin_name`),
    db.all<{
      id: string;
      title: string;
      sport: string;
      price_cents: number | null;
      condition: string;
      city: string;
      state: string;
      created_at: number;
      photo: string | null;
      linkable: number;
    }>(sql`
      select listings.id, listings.title, listings.sport, ${priceColumnForClub(viewer, clubId)} as price_cents, listings.condition,
        listings.city, listings.state, listings.created_at, ${linkable} as linkable,
        case when ${photoShown} = 1 then ${cardPhotoJson} end as photo
      from listings where ${inClub}
      order by listings.created_at desc, listings.id
      ${viewer ? sql`` : sql`limit ${ANONYMOUS_PREVIEW_SIZE}`}`),
    rosterQuery(db, clubId),
    // The Messages tab's unread count (ADR 050), in the same batch; kept only if the viewer may DM.
    viewer ? unreadDirectMessagesQuery(db, clubId, viewer.id) : db.all<{ n: number }>(sql`select 0 as n`),
    // The club's Swap Days (ADR 088): active members only in the SQL; kept only if the viewer may see them.
    upcomingSwapDaysQuery(db, { id: viewer?.id ?? "" }, clubId, now),
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
    listingCount: club.showListingCount ? Number(count?.listings ?? 0) : null,

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
    // An equipment manager is shown as a member on the roster (ADR 093): the role is the closet's, not the club's,
    // and the club page's badge table stays as it is (its JS budget, ADR 033).
    roster: allowed.viewRoster
      ? rosterRows.map((r) => ({ ...r, role: r.role === "equipment_manager" ? ("member" as const) : r.role }))
      : null,
    rosterHidden: allowed.viewRoster ? null : club.visibility === "private" ? "private" : "membersOnly",
    unreadDirectMessages: allowed.sendDm ? Number(unreadRows[0]?.n ?? 0) : 0,
    swapDays: allowed.viewSwapDays ? toSwapDaySummaries(swapDayRows, now) : null,
    joinOffer: joinOfferFor(access),
  };
}

function joinOfferFor(access: ClubAccess): ClubPage["joinOffer"] {
  const action = JOIN_ACTION_BY_MODE[access.club.joinMode];
  const anonymous = access.roles.includes("anonymous");
  if (!anonymous && !access.roles.includes("stranger")) return null;
  // A signed-out visitor is offered what a signed-in stranger could do, after signing in.
  return { action, enabled: canInClub(["stranger"], access.club, action), signInFirst: anonymous };
}

/** Active members: owner first, then admins, then members, each by name. No e-mails. */
function rosterQuery(db: Db, clubId: string | SQL) {
  return db
    .select({ userId: clubMembers.userId, name: memberName(), role: clubMembers.role })
    .from(clubMembers)
    .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, "active")))
    .orderBy(sql`case ${clubMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, sql`${memberName()} collate nocase`);
}
