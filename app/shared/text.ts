/**
 * The text-field rule (ADR 016): no C0 control characters and no DEL in anything a person
 * types. A NUL truncates SQLite's string functions (and fails our CHECKs with a 500); the rest
 * are invisible in the page. Multi-line fields keep line breaks (browsers send CR LF) and tabs.
 * Zod-free, so client code (search boxes, the question box) can use it without shipping zod;
 * schemas use it through app/shared/schemas/text.ts.
 */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f]/g;

export const CONTROL_CHARACTERS_MESSAGE = "Remove control characters from this field";

export function hasControlCharacters(value: string, opts: { multiline?: boolean } = {}) {
  return (opts.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** For values nobody is shown an error about (query parameters): controls become spaces. */
export const stripControlCharacters = (value: string) => value.replace(ANY_CONTROL, " ");
