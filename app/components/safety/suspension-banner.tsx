// The banners of a moderated account (ADR 069), under the header on every page: while suspended,
// the end date and the reason category; after a warning, its reason with 'Dismiss' — a plain POST
// to /notifications/acknowledge, which a suspended person may still make. The root loader words
// them (~/shared/copy/safety). A lazy part of the root (~/components/layout/root-lazy-parts): only a
// moderated person's pages load it, before hydration when its HTML is there (ADR 063).
import { Form, useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/button";

export function SuspensionBanner({ suspension }: { suspension: { message: string; reason: string } }) {
  return (
    <div role="status" data-testid="suspension-banner" className="border-b border-red-300 bg-red-50">
      <p className="mx-auto max-w-7xl px-3 py-2 text-sm text-red-900 sm:px-6">
        <strong>{suspension.message}</strong> {suspension.reason} You can still sign in and read; posting, listing, messaging and offers are
        off until then.
      </p>
    </div>
  );
}

export function WarningBanner({ warning }: { warning: { id: string; message: string } }) {
  const location = useLocation();
  return (
    <div role="status" data-testid="warning-banner" className="border-b border-amber-300 bg-amber-50">
      <Form
        method="post"
        action="/notifications/acknowledge"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm text-amber-950 sm:px-6"
      >
        <p>{warning.message}</p>
        <input type="hidden" name="intent" value="dismissWarning" />
        <input type="hidden" name="warningId" value={warning.id} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <Button type="submit" variant="secondary" size="sm">
          Dismiss
        </Button>
      </Form>
    </div>
  );
}

type Banners = { suspension: { message: string; reason: string } | null; warning: { id: string; message: string } | null };

/** Both banners, one chunk: the marker tells entry.client to load it before hydrating. */
export function ModerationBanners({ suspension, warning }: Banners) {
  return (
    <div data-lazy-part="moderation-banners">
      {suspension ? <SuspensionBanner suspension={suspension} /> : null}
      {warning ? <WarningBanner warning={warning} /> : null}
    </div>
  );
}
