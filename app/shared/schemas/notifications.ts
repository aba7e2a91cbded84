// 'View Club' on an approval notice (spec 01 §4): which notice. The domain looks it up among the
// viewer's own, so any text passes here; an unknown one just opens the home page.
import { z } from "zod";

export const AcknowledgeSchema = z.object({ membershipId: z.string().default("") });

/**
 * 'New matches' seen (ADR 071): opening the bell's menu posts it (a fetcher: answered with data);
 * without JavaScript, its 'Mark as seen' button posts it with the page to go back to.
 */
export const SeenMatchesSchema = z.object({
  intent: z.literal("seenMatches"),
  /** A same-site path (checked by safeRedirect); absent: the fetcher, answered with JSON. */
  redirectTo: z.string().max(500).optional(),
});
