import type { MetaDescriptor } from "@remix-run/cloudflare";

/**
 * A page's title and meta description. A route's `meta` replaces the root's in Remix v2, so every
 * route names both (search engines and Lighthouse SEO read the description).
 */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: "description", content: description }];
}

/** A description of at most ~155 characters, cut at a word. */
export function clipDescription(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", max - 1)).replace(/[.,;:]$/, "")}…`;
}
