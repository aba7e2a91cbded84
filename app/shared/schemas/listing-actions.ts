// The listing page's buttons (spec 02 §2 listing detail, §5 Messages) and In Play's delete: one
// schema per action. Ownership is the query's (404 when not yours); the question's text is the
// domain's to trim, cap at MESSAGE_MAX_LENGTH and refuse when empty (listing-questions.server.ts).
import { z } from "zod";
import { LISTING_STATUSES } from "~/shared/catalog/options";
import { ProposeDealSchema } from "./deal";

export const ListingPageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(LISTING_STATUSES, { error: "Failed to update listing status" }) }),
  z.object({ intent: z.literal("delete") }),
  z.object({
    intent: z.literal("message"),
    content: z.string().default(""),
    // The seller's reply names the buyer's thread; a buyer's question names none.
    buyerId: z.string().optional(),
    // With JavaScript the question box is a fetcher and gets data back instead of a redirect.
    via: z.literal("fetcher", { error: "Unknown response format" }).optional(),
  }),
  // Make an offer / Swap (ADR 068): the deal's own schema, shared with the deal forms.
  ProposeDealSchema,
]);

export const InPlayActionSchema = z.object({ intent: z.literal("delete"), listingId: z.string().default("") });
