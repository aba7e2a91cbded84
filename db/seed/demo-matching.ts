// Wanted gear finds you, in the demo (ADR 071): the club member has a saved search for goalie pads
// near home and an open item request for a size 4 soccer ball in Cambridge; a neighbour has just
// listed both. The two listings wait in the matcher's queue, so once `npm start`'s scheduler runs the
// real matcher (every minute) the member sees 'New matches' in the notifications menu and 'Possible
// match' on the request — made by the same code as every other match, not inserted as matches here.
import type { NewListing, NewListingClub } from "#db/schema";
import { listingMatchQueue, savedSearches } from "#db/schema";
import { savedSearchName, searchPlace } from "~/features/matching/saved-searches.server";
import { serializeSearchParams } from "~/shared/search-params";
import type { Random } from "./random";

type Place = { zip: string; city: string; state: string };
export type DemoMatchingRows = {
  listings: NewListing[];
  listingClubs: NewListingClub[];
  savedSearches: (typeof savedSearches.$inferInsert)[];
  listingMatchQueue: (typeof listingMatchQueue.$inferInsert)[];
};

const HOUR = 60 * 60 * 1000;

export function demoMatching(
  rng: Random,
  {
    member,
    hockeySeller,
    soccerSeller,
    cambridgeClubId,
    now,
  }: {
    member: { id: string; place: Place };
    /** A neighbour of the member's (their town): the goalie pads are within the search's 25 miles. */
    hockeySeller: { id: string };
    /** An active member of Cambridge Youth Soccer League other than the demo member. */
    soccerSeller: { id: string; place: Place };
    cambridgeClubId: string;
    now: Date;
  },
): DemoMatchingRows {
  const place = searchPlace("/sport/hockey", serializeSearchParams({ q: "goalie pads", zip: member.place.zip, radius: 25 }).toString())!;
  const searchCreated = new Date(now.getTime() - 3 * 24 * HOUR);
  const pads = rng.uuid();
  const ball = rng.uuid();
  const listed = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const common = { sportSubcategory: null, contactPhone: null, status: "active" as const, sizeNumeric: null };
  return {
    savedSearches: [
      {
        id: rng.uuid(),
        userId: member.id,
        // 'Goalie pads · Hockey · within 25 mi of 02139', as 'Save this search' names it.
        name: savedSearchName(place),
        path: place.path,
        query: place.query,
        createdAt: searchCreated,
        updatedAt: searchCreated,
      },
    ],
    listings: [
      {
        ...common,
        id: pads,
        userId: hockeySeller.id,
        title: "Vaughn goalie pads, 30+1",
        description: "Youth goalie pads, one season of house league. Straps all good, no rips.",
        priceCents: 14000,
        sport: "hockey",
        equipmentType: "Goalie Equipment",
        brand: "Vaughn",
        condition: "gently-used",
        size: "Youth",
        gender: "Unisex",
        zipCode: member.place.zip,
        city: member.place.city,
        state: member.place.state,
        pickupInstructions: "Porch pickup, evenings.",
        audience: "public",
        createdAt: listed(2),
        updatedAt: listed(2),
      },
      {
        ...common,
        id: ball,
        userId: soccerSeller.id,
        title: "Size 4 soccer ball, Adidas",
        description: "Good for practice, holds air fine.",
        priceCents: 1000,
        sport: "soccer",
        equipmentType: "Balls",
        brand: "Adidas",
        condition: "like-new",
        size: "Youth",
        gender: "Unisex",
        zipCode: soccerSeller.place.zip,
        city: soccerSeller.place.city,
        state: soccerSeller.place.state,
        pickupInstructions: "Bring it to Saturday practice.",
        audience: "clubs",
        createdAt: listed(1),
        updatedAt: listed(1),
      },
    ],
    listingClubs: [{ listingId: ball, clubId: cambridgeClubId, isPrimary: true }],
    listingMatchQueue: [
      { listingId: pads, enqueuedAt: listed(2) },
      { listingId: ball, enqueuedAt: listed(1) },
    ],
  };
}
