// When a navigation or a submission reloads the page's data (Remix's shouldRevalidate), for the
// root and the pages that opt in.
import { skipRevalidationWhenUnsaved } from "./unsaved";

/**
 * Search params that are only what the page shows, read by no loader: the listing page's photo
 * viewer (`?photo=n`, issue 6 §3). Opening, stepping through and closing it needs no data, so it
 * must not wait for the loaders (issue 23 §4: the viewer waited 60–80 ms for a reload it did not use).
 */
const VIEW_ONLY_PARAMS = ["photo"] as const;

function withoutViewState(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const name of VIEW_ONLY_PARAMS) params.delete(name);
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/** A navigation (not a submission) that changes only view-state params on the same page. */
export function onlyViewStateChanged({ currentUrl, nextUrl, formMethod }: { currentUrl: URL; nextUrl: URL; formMethod?: string }) {
  return !formMethod && currentUrl.search !== nextUrl.search && withoutViewState(currentUrl) === withoutViewState(nextUrl);
}

export function pageShouldRevalidate(args: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  return onlyViewStateChanged(args) ? false : skipRevalidationWhenUnsaved(args);
}
