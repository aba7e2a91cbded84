// The deal's steps in the listing's buyer ↔ seller thread (ADR 068: "the listing's buyer ↔ seller
// thread shows the deal's steps between the messages"). Each step is a line of words built here,
// on the server ('Offer: $40 (Barry)', 'Offer accepted', 'Deal completed' …), with the time it
// happened, so the thread can sort it among the messages and the browser formats nothing (ADR 033).
// Derived from deal_revisions and the deal's own timestamps: nothing new is stored.
//
// Privacy: only deals on the listing between its seller and that buyer, read by one of those two
// (a site admin only when they name the pair). Another buyer of the same listing never sees them.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { deals, listings, profiles, type DealKind, type DealParty, type DealState } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { listingReadableBy } from "../listings/listing-visibility.server";
import { FORMER_MEMBER } from "~/shared/copy/deals";
import { formatPrice } from "~/shared/format";
import { CANCEL_REASONS, type CancelReason } from "~/shared/schemas/deal";
import { OFFER_TTL_MS } from "./deal-machine";
import { SAFETY_TEXT } from "~/shared/copy/safety";

/** One step of one deal, as a thread shows it between the messages. */
type DealTimelineStep = {
  /** Unique within the thread (`dealId:what`), for React keys. */
  id: string;
  dealId: string;
  text: string;
  createdAt: Date;
};

/** The steps of the deals between the seller and one buyer (`buyerId` null: the buyer's account is gone). */
export type BuyerDealSteps = { buyerId: string | null; buyerName: string; steps: DealTimelineStep[] };

const TIMELINE_TEXT = {
  offer: (kind: DealKind, terms: string, name: string) => `${kind === "swap" ? "Swap offer" : "Offer"}: ${terms} (${name})`,
  counter: (terms: string, name: string) => `Counter-offer: ${terms} (${name})`,
  accepted: "Offer accepted",
  meetupConfirmed: (place: string, at: string | null) => `Meeting place confirmed: ${at ? `${place}, ${at}` : place}`,
  handedOver: (name: string) => `Handed over (${name})`,
  completed: "Deal completed",
  declined: "Offer declined",
  withdrawn: "Offer withdrawn",
  expired: "Offer expired",
  voided: (reason: string) => `Offer called off: ${reason}`,
  cancelled: (reason: string | null) => (reason ? `Deal cancelled: ${reason}` : "Deal cancelled"),
  lapsed: "Deal lapsed: nobody marked it as handed over in time",
  noCash: "no cash",
} as const;

/** Why the system closed a deal (deals.server.ts, listings.server.ts), in words. */
const SYSTEM_REASONS: Record<string, string> = {
  listing_changed: "the listing changed",
  listing_sold: "the listing was sold",
  listing_deleted: "the listing was removed",
  account_deleted: "an account was deleted",
};

/**
 * Closed for a reason the other party is not told (a block, a suspension — ADR 069): both sides
 * read only 'This deal was closed'.
 */
export const UNSAID_CLOSE_REASONS: ReadonlySet<string> = new Set(["blocked", "account_suspended"]);

type RevisionJson = { number: number; author: DealParty; cashCents: number; cashFrom: DealParty | null; createdAt: number };

/**
 * The statement (for the listing page's batch, ADR 051): the deals on `listingId` between its seller
 * and a buyer, that `viewer` is a party to — the seller gets every buyer's, a buyer only their own.
 * With `buyerId`, only that pair's; a site admin may then read it too (to look on, as on /deals/{id}).
 * Gated by the viewer's right to open the listing, like the thread's messages.
 */
export function dealTimelineQuery(db: Db, viewer: Viewer, listingId: string, opts: { buyerId?: string } = {}) {
  const party: SQL | undefined = or(eq(deals.proposerId, viewer.id), eq(deals.ownerId, viewer.id));
  return db
    .select({
      dealId: deals.id,
      kind: deals.kind,
      state: deals.state,
      proposerId: deals.proposerId,
      ownerId: deals.ownerId,
      acceptedAt: deals.acceptedAt,
      meetupPlace: deals.meetupPlace,
      meetupAt: deals.meetupAt,
      meetupConfirmedAt: deals.meetupConfirmedAt,
      handedOverByProposerAt: deals.handedOverByProposerAt,
      handedOverByOwnerAt: deals.handedOverByOwnerAt,
      completedAt: deals.completedAt,
      closedAt: deals.closedAt,
      closeReason: deals.closeReason,
      lastRevisionAt: deals.lastRevisionAt,
      // The thread's heading when the buyer has not written yet (the seller's view; same rule as toThreads).
      buyerFirstName: profiles.firstName,
      buyerLastName: profiles.lastName,
      buyerDisplayName: profiles.displayName,
      ownerFirstName: sql<string | null>`(select p.first_name from profiles p where p.user_id = deals.owner_id)`,
      revisions: sql<string>`(select json_group_array(json_object('number', r.number, 'author', r.author,
        'cashCents', r.cash_cents, 'cashFrom', r.cash_from, 'createdAt', r.created_at))
        from (select * from deal_revisions r where r.deal_id = deals.id order by r.number) r)`,
      offeredTitles: sql<string>`(select json_group_array(dl.title) from deal_listings dl
        where dl.deal_id = deals.id and dl.side = 'proposer')`,
    })
    .from(deals)
    .innerJoin(listings, eq(listings.id, deals.listingId))
    .leftJoin(profiles, eq(profiles.userId, deals.proposerId))
    .where(
      and(
        eq(deals.listingId, listingId),
        // Between exactly the listing's seller and the buyer: the deal's owner is the seller.
        sql`deals.owner_id = listings.user_id`,
        opts.buyerId ? eq(deals.proposerId, opts.buyerId) : undefined,
        opts.buyerId && viewer.isAdmin ? undefined : party,
        listingReadableBy(viewer),
      ),
    )
    .orderBy(deals.createdAt, deals.id);
}

type TimelineRow = Awaited<ReturnType<typeof dealTimelineQuery>>[number];

const firstName = (userId: string | null, name: string | null) => (userId === null ? FORMER_MEMBER : name?.trim() || "Member");

/** A meeting time as typed (kept wall-clock in UTC, as the deal page shows it): "Sat, Jun 6, 10:00 AM". */
const meetupTime = (at: Date) =>
  at.toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** A cancel reason as stored ('key' or 'key: note') → words; the system's reasons too. */
function reasonWords(reason: string | null): string | null {
  if (!reason) return null;
  if (SYSTEM_REASONS[reason]) return SYSTEM_REASONS[reason];
  const [key, ...note] = reason.split(": ");
  const words = CANCEL_REASONS[key as CancelReason] ?? null;
  return words ? [words, note.join(": ")].filter(Boolean).join(" — ") : null;
}

/** One deal's steps, oldest first. `now` decides an unanswered offer past its 48 hours (expired before the clock runs). */
function dealSteps(row: TimelineRow, now: Date): DealTimelineStep[] {
  const names: Record<DealParty, string> = {
    proposer: firstName(row.proposerId, row.buyerFirstName),
    owner: firstName(row.ownerId, row.ownerFirstName),
  };
  const titles = JSON.parse(row.offeredTitles || "[]") as string[];
  const terms = (cashCents: number, cashFrom: DealParty | null) => {
    const cash = cashCents > 0 && cashFrom ? formatPrice(cashCents) : null;
    if (row.kind !== "swap") return cash ?? TIMELINE_TEXT.noCash;
    // A swap's listings do not change between revisions; the cash (and who pays it) may.
    return (
      [titles.join(" + "), cash && cashFrom ? `${cash} from ${names[cashFrom]}` : null].filter(Boolean).join(", plus ") ||
      TIMELINE_TEXT.noCash
    );
  };
  const steps: DealTimelineStep[] = [];
  const add = (what: string, at: Date | null, text: string) => {
    if (at) steps.push({ id: `${row.dealId}:${what}`, dealId: row.dealId, text, createdAt: at });
  };

  const revisions = (JSON.parse(row.revisions || "[]") as RevisionJson[]).sort((a, b) => a.number - b.number);
  for (const r of revisions) {
    const text =
      r.number === 1
        ? TIMELINE_TEXT.offer(row.kind, terms(r.cashCents, r.cashFrom), names[r.author])
        : TIMELINE_TEXT.counter(terms(r.cashCents, r.cashFrom), names[r.author]);
    add(`revision-${r.number}`, new Date(r.createdAt), text);
  }
  add("accepted", row.acceptedAt, TIMELINE_TEXT.accepted);
  if (row.meetupPlace)
    add("meetup", row.meetupConfirmedAt, TIMELINE_TEXT.meetupConfirmed(row.meetupPlace, row.meetupAt ? meetupTime(row.meetupAt) : null));
  add("handed-over-proposer", row.handedOverByProposerAt, TIMELINE_TEXT.handedOver(names.proposer));
  add("handed-over-owner", row.handedOverByOwnerAt, TIMELINE_TEXT.handedOver(names.owner));
  add("completed", row.completedAt, TIMELINE_TEXT.completed);

  const reason = reasonWords(row.closeReason);
  const closed: Partial<Record<DealState, string>> = {
    declined: TIMELINE_TEXT.declined,
    withdrawn: TIMELINE_TEXT.withdrawn,
    expired: TIMELINE_TEXT.expired,
    voided: TIMELINE_TEXT.voided(reason ?? "a listing in it changed"),
    cancelled: TIMELINE_TEXT.cancelled(reason),
    lapsed: TIMELINE_TEXT.lapsed,
  };
  const closedText = row.closeReason && UNSAID_CLOSE_REASONS.has(row.closeReason) ? SAFETY_TEXT.dealClosed : closed[row.state];
  if (closedText) add("closed", row.closedAt, closedText);
  // Past its 48 hours unanswered, the offer is expired whether or not the clock has run yet (as the steps say).
  const expiresAt = new Date(row.lastRevisionAt.getTime() + OFFER_TTL_MS);
  if (row.state === "proposed" && expiresAt <= now) add("closed", expiresAt, TIMELINE_TEXT.expired);
  return steps.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The statement's rows → the steps per buyer (in the order of their first deal). */
export function toDealTimeline(rows: TimelineRow[], now = new Date()): BuyerDealSteps[] {
  const byBuyer = new Map<string, BuyerDealSteps>();
  for (const row of rows) {
    // A deleted buyer's deals cannot be told apart by person: each is a thread of its own.
    const key = row.proposerId ?? `former:${row.dealId}`;
    let entry = byBuyer.get(key);
    if (!entry) {
      const buyerName = row.proposerId
        ? row.buyerDisplayName || [row.buyerFirstName, row.buyerLastName].filter(Boolean).join(" ") || "Buyer"
        : FORMER_MEMBER;
      entry = { buyerId: row.proposerId, buyerName, steps: [] };
      byBuyer.set(key, entry);
    }
    entry.steps.push(...dealSteps(row, now));
  }
  for (const entry of byBuyer.values()) entry.steps.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...byBuyer.values()];
}

/** The steps of the deals between the listing's seller and `buyerId`, for one of those two or a site admin. */
export async function dealTimelineFor(db: Db, viewer: Viewer, pair: { listingId: string; buyerId: string }, now = new Date()) {
  const [entry] = toDealTimeline(await dealTimelineQuery(db, viewer, pair.listingId, { buyerId: pair.buyerId }), now);
  return entry?.steps ?? [];
}
