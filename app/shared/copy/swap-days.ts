// The texts of Club Swap Days (ADR 088). Plain strings: components may import it.
import type { ClubToast } from "./clubs";

const fail = (title: string, description?: string): ClubToast => ({ title, description, variant: "destructive" });
const done = (title: string, description?: string): ClubToast => ({ title, description, variant: "success" });

export const SWAP_DAY_LIMITS = { nameMax: 100, placeMax: 200 } as const;

export const SWAP_DAY_TOASTS = {
  created: done("Swap Day created", "Your club has been told in an announcement."),
  createFailed: fail("Could not create the Swap Day"),
  offered: done("Item offered"),
  offerFailed: fail("That listing cannot be offered", "Only your own active listings, public or in this club, while items are open."),
  notOpen: fail("This Swap Day is not taking items now"),
  withdrawn: done("Item withdrawn"),
  withdrawFailed: fail("That item can no longer be withdrawn"),
  frozen: done("Lists closed", "Offered items are held until the results are out."),
  alreadyFrozen: done("The lists were already closed"),
  updateFailed: fail("Could not update the Swap Day"),
  solving: done("Finding the swaps", "The results appear on the results page in a moment."),
  notFrozen: fail("Close the lists first", "The swaps are found once the lists are closed."),
} as const satisfies Record<string, ClubToast>;

/** The phases in order, as a member reads them (ADR 088). */
export const SWAP_DAY_PHASE_LABELS = {
  upcoming: "Coming up",
  items: "Items open",
  wants: "Want lists open",
  frozen: "Lists closed",
  results: "Results published",
  handover: "Hand-over",
  closed: "Closed",
} as const;
export type SwapDayPhase = keyof typeof SWAP_DAY_PHASE_LABELS;

export const SWAP_DAY_MODE_LABELS = {
  table: { label: "Swap table", hint: "Everyone brings their gear to one table at one time; organisers check items in and hand them out." },
  meetup: { label: "Meet up", hint: "Members meet each other: a ring has at most 3 people, so one no-show breaks little." },
} as const;

/** The form's date fields, in phase order, with their labels. */
export const SWAP_DAY_DATE_FIELDS = [
  ["itemsOpenAt", "Items open"],
  ["wantsOpenAt", "Want lists open"],
  ["listsCloseAt", "Lists close (frozen)"],
  ["resultsAt", "Results published"],
  ["handoverAt", "Hand-over"],
  ["closesAt", "Closes"],
] as const;

export const SWAP_DAY_TEXT = {
  heading: "Swap Days",
  newTitle: "Create a Swap Day",
  intro: "Many members trade at once: each gives an item and gets one they asked for, in rings of any size.",
  create: "Create Swap Day",
  creating: "Creating…",
  newLink: "New Swap Day",
  none: "No Swap Days coming up.",
  name: "Name",
  place: "Place of the hand-over",
  mode: "Mode",
  nameRequired: "Give the Swap Day a name",
  nameTooLong: `Keep the name under ${SWAP_DAY_LIMITS.nameMax} characters`,
  placeRequired: "Say where the hand-over is",
  placeTooLong: `Keep the place under ${SWAP_DAY_LIMITS.placeMax} characters`,
  modeRequired: "Choose a mode",
  dateRequired: "Choose a day and time",
  dateOrder: (before: string) => `Must be after “${before}”`,
  handoverPast: "The hand-over must be in the future",
  timesNote: "Times are the club's local time.",
  when: (date: string) => `Hand-over ${date}`,
  open: "Open",
  back: (club: string) => `Back to ${club}`,
  yourItems: "Your items",
  noItems: "You have not offered anything yet.",
  offerHeading: "Offer an item",
  offerHint: "Any of your active listings that are public or listed in this club.",
  listing: "Listing",
  chooseListing: "Choose a listing",
  noListings: "You have no listing left to offer. List an item first.",
  addUpTo: "I'd add up to ($)",
  addUpToHint: "Optional: the most you would pay on top for what you receive.",
  needBack: "I need at least ($) back",
  needBackHint: "Optional: the least you must receive in cash for this item.",
  offer: "Offer item",
  offering: "Offering…",
  withdraw: "Withdraw",
  code: (code: string) => `Tag ${code}`,
  held: "Held until the results are out",
  removed: {
    deal: "Left the event: it was accepted in a deal before the lists closed.",
    gone: "Left the event: the listing was sold or removed.",
    left: "Left the event: you left the club before the lists closed.",
  } as Record<string, string>,
  itemsOffered: (n: number) => `${n} ${n === 1 ? "item" : "items"} offered`,
  freeze: "Close the lists now",
  freezing: "Closing…",
  freezeHint: "Offered items are held from now on; deals accepted on them before now take them out of the event.",
  listingRequired: "Choose a listing",
  limitInvalid: "Enter an amount in dollars, at most two decimals",
  limitTooHigh: "The amount can be at most $100,000",
  announcement: (name: string, place: string, handover: string, itemsOpen: string) =>
    `Swap Day: ${name} — hand-over at ${place}, ${handover}. Offer your items from ${itemsOpen}; then tick what you would take for them.`,
} as const;
