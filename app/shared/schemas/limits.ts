// Text limits a schema and a component or feature share, written once. No zod here: the chat
// composer and the listing question box import these, and pulling zod (~25 KB gzip) into their
// chunks would cost the JS budget (ADR 033). The spec's club and account limits are LIMITS
// (~/shared/catalog/options).

/** Every message one person sends another: club chat, announcements, direct messages, listing questions. */
export const MESSAGE_MAX_LENGTH = 2000;

/** A listing's title (spec 02 §2 Listing form). */
export const LISTING_TITLE_MAX = 120;
