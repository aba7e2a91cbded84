// What a user typed, as full-text (FTS5) MATCH text: the keyword half of search and suggestions.

const MAX_KEYWORD_TOKENS = 8;

/**
 * FTS5 MATCH text from what a user typed: every run of letters/digits becomes a quoted prefix
 * term (`"wils"*`), joined with spaces (AND). Only letters and digits get in, so nothing the user
 * types can become FTS syntax (quotes, NEAR, column filters, ^, -). Null when nothing is left.
 */
export function ftsQuery(input: string | null | undefined): string | null {
  const tokens = (input ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(tokens)].slice(0, MAX_KEYWORD_TOKENS);
  return unique.length ? unique.map((token) => `"${token}"*`).join(" ") : null;
}
