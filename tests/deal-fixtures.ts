// Deals in a given state, made through the real steps of deals.server.ts (tests only: Vitest and
// Playwright's node side). The buyer proposes; the seller accepts and proposes the meeting place;
// the buyer confirms it and hands over first — so at each stop the next move is a known party's.
import type { Db } from "../db/client";
import { createTestListing, createTestUser, type TestUser } from "./factories";
import { proposeDeal } from "../app/features/trade/deals.server";
import { acceptDeal, confirmMeetup, markHandedOver, proposeMeetup } from "../app/features/trade/deal-transitions.server";

export type DealFixture = { dealId: string; listingId: string; seller: TestUser; buyer: TestUser };

/** How far the fixture goes: 'meetupProposed' = accepted with the seller's meeting place. */
export type FixtureStop = "proposed" | "accepted" | "meetupProposed" | "meetupAgreed" | "handedOver" | "completed";

const STOPS: FixtureStop[] = ["proposed", "accepted", "meetupProposed", "meetupAgreed", "handedOver", "completed"];

function must<T extends { ok: boolean }>(result: T, what: string): T {
  if (!result.ok) throw new Error(`deal fixture: ${what} refused: ${JSON.stringify(result)}`);
  return result;
}

/** A cash offer of `cents` on a new listing of `seller`, taken to `stop`, every step at `at`. */
export async function saleDeal(
  db: Db,
  stop: FixtureStop,
  opts: { seller?: TestUser; buyer?: TestUser; cents?: number; title?: string; at?: Date } = {},
): Promise<DealFixture> {
  const at = opts.at ?? new Date();
  const seller = opts.seller ?? (await createTestUser(db, { firstName: "Sally" }));
  const buyer = opts.buyer ?? (await createTestUser(db, { firstName: "Barry" }));
  const listingId = await createTestListing(db, seller, { title: opts.title, priceCents: 5000 });
  const made = await proposeDeal(
    db,
    buyer,
    { listingId, offeredListingIds: [], cashCents: opts.cents ?? 4000, cashFrom: "proposer", message: null },
    at,
  );
  if (!made.ok) throw new Error(`deal fixture: offer refused: ${made.error}`);
  const fixture = { dealId: made.deal.id, listingId, seller, buyer };
  await advanceDeal(db, fixture, "proposed", stop, at);
  return fixture;
}

/** Takes a deal from `from` to `to` through the real steps, each at `at`. */
export async function advanceDeal(db: Db, deal: Omit<DealFixture, "listingId">, from: FixtureStop, to: FixtureStop, at = new Date()) {
  const { dealId, seller, buyer } = deal;
  for (const stop of STOPS.slice(STOPS.indexOf(from) + 1, STOPS.indexOf(to) + 1)) {
    switch (stop) {
      case "accepted":
        must(await acceptDeal(db, seller, dealId, 1, at), "accept");
        break;
      case "meetupProposed":
        must(
          await proposeMeetup(db, seller, dealId, { spotId: null, place: "Public library", at: new Date(at.getTime() + 86_400_000) }, at),
          "meetup",
        );
        break;
      case "meetupAgreed":
        must(await confirmMeetup(db, buyer, dealId, at), "confirm meetup");
        break;
      case "handedOver":
        must(await markHandedOver(db, buyer, dealId, at), "hand over (buyer)");
        break;
      case "completed":
        must(await markHandedOver(db, seller, dealId, at), "hand over (seller)");
        break;
    }
  }
}
