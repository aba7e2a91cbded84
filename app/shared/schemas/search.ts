// Shapes shared by the search engine (app/features/search/search.server.ts), its routes and the cards.
// Client-safe: types and one tiny zod schema for the favorite form (used by the action only).
import { z } from "zod";
import { optionalText, text } from "./text";

/**
 * One listing as cards show it (home grid, sport browse, On Deck, club pages).
 * `priceCents` is null for signed-out visitors: the real price never leaves the server for them
 * (spec 01 §6 — a blur is not protection).
 */
/**
 * A listing's first photo as a card shows it: its thumbnail when it has one, else the photo
 * (ADR 036), with that file's pixel size for the img's width/height (null when unknown).
 */
export type CardPhoto = { photoUrl: string | null; photoWidth: number | null; photoHeight: number | null };

export type ListingSummary = CardPhoto & {
  id: string;
  title: string;
  sport: string;
  priceCents: number | null;
  condition: string;
  city: string;
  state: string;
  zipCode: string;
  status: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The primary club's name ('Listed in {club}'), else any club it is posted to, else null. */
  clubName: string | null;
  /** Miles from the viewer's ZIP, when a ZIP is known and both ZIPs can be placed. */
  distanceMiles: number | null;
  /** "Fits Sam" (ADR 091): set by the search page for a guardian's applied fit. */
  fits?: string;
};

export type ListingSuggestion = {
  id: string;
  title: string;
  sport: string;
  priceCents: number | null;
  city: string;
  state: string;
};

export type ClubSuggestion = { id: string; slug: string; name: string };

/** The heart's form (POST /favorites). `mode` is 'fetch' once the page is hydrated. */
export const FavoriteFormSchema = z.object({
  listingId: text({ required: "Choose a listing", max: 100 }),
  intent: z.enum(["add", "remove"]),
  redirectTo: optionalText({ max: 2000 }),
  mode: z.enum(["fetch", "page"]).default("page"),
});
