// Actions with several buttons parse one discriminated union on `intent`. When the body fails, the
// action still needs to know which of its intents was meant (a refused chat message comes back
// with its text; an unknown intent gets the route's own answer).
import type { z } from "zod";

type IntentUnion = z.ZodDiscriminatedUnion<readonly z.ZodObject<{ intent: z.ZodType<string> }>[], "intent">;

/** The intent a raw form payload names, when `schema` has a branch for it; else null. */
export function knownIntent<S extends IntentUnion>(schema: S, payload: Record<string, unknown>): z.output<S>["intent"] | null {
  const value = payload.intent;
  if (typeof value !== "string") return null;
  return schema.options.some((option) => option.shape.intent.safeParse(value).success) ? value : null;
}

/** The first problem with a refused body, in words (field order, as the schema lists them). */
export function firstError(
  error: Record<string, string[] | null> | null | undefined,
  fallback = "The form could not be read. Please try again.",
): string {
  for (const messages of Object.values(error ?? {})) if (messages?.[0]) return messages[0];
  return fallback;
}
