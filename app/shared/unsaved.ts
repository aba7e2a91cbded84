// A submission the server could not complete (ADR 047): a route's clientAction answers it with
// `unsaved: true` instead of letting the page give way to the error boundary. Nothing changed, and
// the loaders would fail the same way, so no route reloads after it (root and that route's
// shouldRevalidate).
export type Unsaved = { unsaved: true };

export function isUnsaved(result: unknown): result is Unsaved {
  return typeof result === "object" && result !== null && (result as { unsaved?: unknown }).unsaved === true;
}

export function skipRevalidationWhenUnsaved({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  return isUnsaved(actionResult) ? false : defaultShouldRevalidate;
}
