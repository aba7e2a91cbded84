// Suggested safe meeting places for a deal's handoff (ADR 068), a short curated list
// per demo metro (db/seed/community-data.ts METROS): police-station lobbies and exchange zones, and
// central public libraries — staffed, lit, with cameras. The deal page adds the home fields of
// clubs both parties belong to (app/web/pages/deal-page.server.ts); a place can always be typed.
// Ids are stable: a deal stores the id of the spot it agreed on (deals.meetup_spot_id).

export type MeetupSpotKind = "police" | "library" | "clubField";

export type MeetupSpot = {
  id: string;
  kind: MeetupSpotKind;
  name: string;
  /** Street address and city, as shown under the name. */
  address: string;
};

type Metro = "boston" | "denver" | "austin" | "portland";

/** The metros of the demo community by state (a listing's state picks its metro's list). */
const METRO_BY_STATE: Readonly<Record<string, Metro>> = { MA: "boston", CO: "denver", TX: "austin", OR: "portland" };

export const MEETUP_SPOTS: Readonly<Record<Metro, readonly MeetupSpot[]>> = {
  boston: [
    { id: "bos-police-d4", kind: "police", name: "Boston Police District D-4 lobby", address: "650 Harrison Ave, Boston, MA" },
    { id: "cam-police-hq", kind: "police", name: "Cambridge Police Headquarters lobby", address: "125 6th St, Cambridge, MA" },
    { id: "bos-library-central", kind: "library", name: "Boston Public Library, Central Library", address: "700 Boylston St, Boston, MA" },
    { id: "cam-library-main", kind: "library", name: "Cambridge Public Library, Main Library", address: "449 Broadway, Cambridge, MA" },
  ],
  denver: [
    { id: "den-police-d6", kind: "police", name: "Denver Police District 6 station lobby", address: "1566 Washington St, Denver, CO" },
    {
      id: "den-library-central",
      kind: "library",
      name: "Denver Public Library, Central Library",
      address: "10 W 14th Ave Pkwy, Denver, CO",
    },
    { id: "bou-library-main", kind: "library", name: "Boulder Public Library, Main Library", address: "1001 Arapahoe Ave, Boulder, CO" },
  ],
  austin: [
    { id: "aus-police-hq", kind: "police", name: "Austin Police Department Headquarters lobby", address: "715 E 8th St, Austin, TX" },
    { id: "aus-library-central", kind: "library", name: "Austin Central Library", address: "710 W Cesar Chavez St, Austin, TX" },
  ],
  portland: [
    { id: "pdx-police-central", kind: "police", name: "Portland Police Central Precinct lobby", address: "1111 SW 2nd Ave, Portland, OR" },
    { id: "pdx-library-central", kind: "library", name: "Multnomah County Central Library", address: "801 SW 10th Ave, Portland, OR" },
  ],
};

/** The curated spots near a listing in `state` (none outside the demo metros: a place is typed). */
export function meetupSpotsFor(state: string | null | undefined): readonly MeetupSpot[] {
  const metro = state ? METRO_BY_STATE[state.toUpperCase()] : undefined;
  return metro ? MEETUP_SPOTS[metro] : [];
}

/** A club's home field as a suggested spot: its id names the club, so it can be checked again on submit. */
export const clubFieldSpotId = (clubId: string) => `club:${clubId}`;

/** How a spot reads in the place select and on the handoff card. */
export const spotLabel = (spot: Pick<MeetupSpot, "name" | "address">) => `${spot.name} — ${spot.address}`;
