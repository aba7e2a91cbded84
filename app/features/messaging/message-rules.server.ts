// What every message sent in a club must pass, chat or DM (02 §5, ADR 041): its text, its
// client-made id, and one per-user send limit that both kinds count against.
import { hasControlCharacters } from "~/shared/text";
import { MESSAGE_MAX_LENGTH } from "~/shared/schemas/limits";

/**
 * Per user, chat + announcements + DMs together: a fast typist never meets it (one a second for a
 * minute), a script flooding a club does.
 */
export const CLUB_SEND_RATE_LIMIT = { limit: 60, windowMs: 60 * 1000 };
export const clubSendRateKey = (userId: string) => `club-send:${userId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Message ids (the composer's client-made id) and member ids from a form or URL. */
export const isUuid = (value: string) => UUID.test(value);

export type SendFailure =
  "forbidden" | "empty" | "too_long" | "control_characters" | "bad_client_id" | "rate_limited" | "conflict" | "no_recipient" | "blocked";

/** The rule of 02 §5 + ADR 041, for callers that did not go through the schema. */
export function checkContent(raw: string): { ok: true; content: string } | { ok: false; reason: SendFailure } {
  const content = raw.trim();
  if (!content) return { ok: false, reason: "empty" };
  if (content.length > MESSAGE_MAX_LENGTH) return { ok: false, reason: "too_long" };
  if (hasControlCharacters(content, { multiline: true })) return { ok: false, reason: "control_characters" };
  return { ok: true, content };
}
