/**
 * Club slugs (spec 02 §5): 1 to 50 characters, lowercase letters, numbers and hyphens only — the
 * same rule as the `clubs_slug_format` CHECK. zod-free and client-safe: the create form derives the
 * slug as the name is typed, and the server derives it the same way when the slug comes back empty.
 */
export const SLUG_MAX = 50;
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** 'Cambridge Youth Soccer League!' → 'cambridge-youth-soccer-league'; accents lose their marks. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

export type SlugProblem = "required" | "tooLong" | "format";

/** Which rule of 02 §5 a slug breaks, or null when it is well-formed. */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length === 0) return "required";
  if (slug.length > SLUG_MAX) return "tooLong";
  if (!SLUG_PATTERN.test(slug)) return "format";
  return null;
}
