// The texts of Club Swap Days (ADR 088). Plain strings: components may import it.
import type { ClubToast } from "./clubs";

const fail = (title: string, description?: string): ClubToast => ({ title, description, variant: "destructive" });
const done = (title: string, description?: string): ClubToast => ({ title, description, variant: "success" });

export const SWAP_DAY_LIMITS = { nameMax: 100, placeMax: 200 } as const;

export const SWAP_DAY_TOASTS = {
  created: done("Swap Day created", "Your club has been told in an announcement."),
  createFailed: fail("Could not create the Swap Day"),
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
  announcement: (name: string, place: string, handover: string, itemsOpen: string) =>
    `Swap Day: ${name} — hand-over at ${place}, ${handover}. Offer your items from ${itemsOpen}; then tick what you would take for them.`,
} as const;
