// /saved-searches (ADR 071): every button of the page and the 'Save this search' form on the
// search pages post one union on `intent`. The rename branch is also the rename form's (conform).
import { z } from "zod";
import { text } from "./text";

/** The same cap as the column's check (SAVED_SEARCH_NAME_MAX in db/schema/matching.ts). */
export const SAVED_SEARCH_NAME_LIMIT = 80;

const id = z.string({ error: "Saved search not found" }).min(1, "Saved search not found").max(100, "Saved search not found");

export const RenameSavedSearchSchema = z.object({
  intent: z.literal("rename"),
  id,
  name: text({
    required: "Please enter a name for this search",
    max: SAVED_SEARCH_NAME_LIMIT,
    tooLong: `Name must be at most ${SAVED_SEARCH_NAME_LIMIT} characters`,
  }),
});

export const SavedSearchActionSchema = z.discriminatedUnion("intent", [
  // What the search page's hidden fields say; the server rebuilds the canonical place from them.
  z.object({
    intent: z.literal("save"),
    path: z.string({ error: "This page is not a search" }).max(200, "This page is not a search"),
    query: z.string().max(4000, "This search is too long: it cannot be saved").default(""),
  }),
  RenameSavedSearchSchema,
  z.object({ intent: z.literal("pause"), id }),
  z.object({ intent: z.literal("resume"), id }),
  z.object({ intent: z.literal("delete"), id }),
]);
