// Offers and swaps as the listing page shows them (ADR 068; spec 02 §2 listing detail): who may make
// an offer or propose a swap, the viewer's own open offer, and — for the seller — the open deals on
// the listing. Two statements that ride in the listing page's one batch (ADR 051); the rules are
// deals.server.ts's (`offerableBy`, `sharedClubListing`), so the page offers exactly what
// `proposeDeal` accepts. (A listing's edit, sale or removal reaching its deals: listings.server.ts.)
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealRevisions, deals, listings, profiles, type DealKind, type DealParty, type DealState } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { canSeePrices } from "../listings/listing-visibility.server";
import { OPEN_DEAL_STATES, OFFER_TTL_MS } from "./deal-machine";
import { offerableBy, sharedClubListing, type ProposeResult } from "./deals.server";
import { SAFETY_TEXT } from "~/shared/copy/safety";

/** At most this many of the viewer's own listings are offered in the swap picker (newest first). */
export const SWAP_PICKER_LIMIT = 50;

export type SwapCandidate = { id: string; title: string; priceCents: number };

export type OfferSummary = {
  dealId: string;
  /** The proposer's first name ('Former member' when the account is gone). */
  proposerName: string;
  kind: DealKind;
  state: DealState;
  /** Whose answer it waits for while proposed. */
  turn: DealParty | null;
  /** Another deal holding one of its listings was accepted (computed from the locks, ADR 068). */
  onHold: boolean;
  revision: number;
  /** The current terms: cash either way, and the proposer's listings in a swap. */
  cashCents: number;
  cashFrom: DealParty | null;
  offeredTitles: string[];
};

export type ListingOffers =
  /** Signed out, on a listing that takes offers: 'Sign in to make an offer'. */
  | { kind: "signIn" }
  /** Nothing to show: not offerable by this viewer (a clubs-only listing for a non-member), not active. */
  | { kind: "none" }
  /** The viewer already has an open offer on it: 'View your offer'. */
  | { kind: "yours"; dealId: string }
  /**
   * 'Make an offer' (cash, prefilled with the asking price only when the viewer may see prices — a
   * hidden price never reaches a default), and 'Swap' for fellow club members: their own active,
   * unlocked listings to choose from (null: no swap for this viewer).
   */
  | { kind: "make"; defaultCash: string | null; swapListings: SwapCandidate[] | null }
  /** The seller: the open deals on the listing instead of the button. */
  | { kind: "seller"; offers: OfferSummary[] };

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const openStates = sql`(${inList(OPEN_DEAL_STATES)})`;

type BuyerRow = { offerable: number; swappable: number; openDealId: string | null; swapListings: string | null };
type OwnerRow = {
  dealId: string;
  firstName: string | null;
  proposerId: string | null;
  kind: DealKind;
  state: DealState;
  turn: DealParty | null;
  onHold: number;
  revision: number;
  cashCents: number | null;
  cashFrom: DealParty | null;
  offeredTitles: string | null;
};

/**
 * The two statements for a signed-in viewer: what they may do on the listing as a buyer, and (when
 * they are its seller) its open deals. Each is gated in SQL — the buyer row by `offerableBy`, the
 * deals by `owner_id = viewer` — so they add nothing a viewer may not know. Run them in the page's batch.
 */
export function listingOffersQueries(db: Db, viewer: Viewer, listingId: string) {
  const buyer = db
    .select({
      offerable: sql<number>`(listings.status = 'active' and listings.user_id <> ${viewer.id} and ${offerableBy(viewer)})`,
      swappable: sql<number>`${sharedClubListing(viewer)}`,
      openDealId: sql<string | null>`(select d.id from deals d where d.proposer_id = ${viewer.id} and d.listing_id = listings.id
        and d.state in ${openStates} limit 1)`,
      // The swap picker, only where a swap is possible: the viewer's own active listings that no accepted deal holds.
      swapListings: sql<string | null>`(case when ${sharedClubListing(viewer)} and listings.user_id <> ${viewer.id} then (
        select json_group_array(json_object('id', o.id, 'title', o.title, 'priceCents', o.price_cents)) from (
          select o.id, o.title, o.price_cents from listings o
          where o.user_id = ${viewer.id} and o.status = 'active' and o.id <> ${listingId}
            and not exists (select 1 from listing_locks ll where ll.listing_id = o.id)
          order by o.created_at desc, o.id limit ${SWAP_PICKER_LIMIT}) o) end)`,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  const owner = db
    .select({
      dealId: deals.id,
      firstName: profiles.firstName,
      proposerId: deals.proposerId,
      kind: deals.kind,
      state: deals.state,
      turn: deals.turn,
      onHold: sql<number>`(deals.state = 'proposed' and exists (
        select 1 from listing_locks ll join deal_listings dl on dl.listing_id = ll.listing_id
        where dl.deal_id = deals.id and ll.deal_id <> deals.id))`,
      revision: deals.revision,
      cashCents: dealRevisions.cashCents,
      cashFrom: dealRevisions.cashFrom,
      offeredTitles: sql<string | null>`(select json_group_array(dl.title) from deal_listings dl
        where dl.deal_id = deals.id and dl.side = 'proposer')`,
    })
    .from(deals)
    .leftJoin(profiles, eq(profiles.userId, deals.proposerId))
    .leftJoin(dealRevisions, and(eq(dealRevisions.dealId, deals.id), eq(dealRevisions.number, deals.revision)))
    .where(
      and(
        eq(deals.listingId, listingId),
        eq(deals.ownerId, viewer.id),
        sql`deals.state in ${openStates}`,
        // An offer past its 48 hours is expired whether or not the clock has run yet (as the steps say).
        sql`(deals.state <> 'proposed' or deals.last_revision_at > ${Date.now() - OFFER_TTL_MS})`,
      ),
    )
    // Accepted first (the one that holds the listing), then the newest offers.
    .orderBy(sql`case when deals.state = 'proposed' then 1 else 0 end`, desc(deals.lastRevisionAt));
  return [buyer, owner] as const;
}

type ListingFacts = { userId: string; status: string; priceCents: number | null };

/** What the page shows, from the two statements' rows (none for a signed-out visitor). */
export function toListingOffers(viewer: Viewer | null, listing: ListingFacts, rows: [BuyerRow[], OwnerRow[]] | null): ListingOffers {
  if (!viewer) return listing.status === "active" ? { kind: "signIn" } : { kind: "none" };
  const [buyerRows, ownerRows] = rows ?? [[], []];
  if (listing.userId === viewer.id) return { kind: "seller", offers: ownerRows.map(toOfferSummary) };
  const row = buyerRows[0];
  if (row?.openDealId) return { kind: "yours", dealId: row.openDealId };
  if (!row || !row.offerable) return { kind: "none" };
  const swapListings = row.swappable && row.swapListings ? (JSON.parse(row.swapListings) as SwapCandidate[]) : null;
  return {
    kind: "make",
    // The price rule (prices.server.ts) decides; the listing's own value is never trusted to be visible.
    defaultCash: canSeePrices(viewer) && listing.priceCents !== null ? (listing.priceCents / 100).toFixed(2) : null,
    swapListings,
  };
}

function toOfferSummary(row: OwnerRow): OfferSummary {
  return {
    dealId: row.dealId,
    proposerName: row.proposerId ? row.firstName?.trim() || "A buyer" : "Former member",
    kind: row.kind,
    state: row.state,
    turn: row.turn,
    onHold: Boolean(row.onHold),
    revision: row.revision,
    cashCents: row.cashCents ?? 0,
    cashFrom: row.cashFrom,
    offeredTitles: row.offeredTitles ? (JSON.parse(row.offeredTitles) as string[]) : [],
  };
}

/** The listing page's offers on their own (one batch): for tests and callers outside the page's batch. */
export async function listingOffersFor(db: Db, viewer: Viewer | null, listing: ListingFacts & { id: string }): Promise<ListingOffers> {
  if (!viewer) return toListingOffers(null, listing, null);
  const [buyer, owner] = listingOffersQueries(db, viewer, listing.id);
  const rows = await db.batch([buyer, owner]);
  return toListingOffers(viewer, listing, rows as [BuyerRow[], OwnerRow[]]);
}

/** A refused offer, in words (the form comes back with them and the values entered). */
export const PROPOSE_REFUSALS: Record<Exclude<Extract<ProposeResult, { ok: false }>["error"], "notFound" | "openDealExists">, string> = {
  ownListing: "You cannot make an offer on your own listing.",
  notActive: "This listing is no longer available for offers.",
  swapNeedsClub: "Swaps are for members of a club this listing is posted to.",
  offeredNotYours: "Choose only your own active listings that are not in another accepted deal.",
  emptyOffer: "Enter an amount, or choose one of your listings to swap.",
  blocked: SAFETY_TEXT.blockedRefusal,
};
