/**
 * The ZIP rule (01 §5, 02 §5: exactly 5 digits), zod-free so that client code on every page can
 * check it without shipping zod in the root bundle (the first-load JS budget, ADR 033).
 * Schemas in app/shared/schemas use the same pattern.
 */
export const ZIP_PATTERN = /^\d{5}$/;
/** The same rule for an input's `pattern` attribute (the browser anchors it), so it holds before JS loads. */
export const ZIP_HTML_PATTERN = "\\d{5}";
export const isZip = (value: unknown): value is string => typeof value === "string" && ZIP_PATTERN.test(value);
/** What ZIP inputs do as the user types: strip non-digits, cap at 5. */
export const cleanZipInput = (value: string) => value.replace(/\D/g, "").slice(0, 5);
