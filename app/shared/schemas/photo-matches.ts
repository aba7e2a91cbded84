// The stolen-photo match decision (ADR 094): one schema for the queue's two forms and the action.
import { z } from "zod";

export const PhotoMatchDecisionSchema = z.object({
  intent: z.enum(["uphold", "dismiss"], { error: "Choose uphold or dismiss" }),
  matchId: z.string().trim().min(1, "Missing id").max(100),
});
