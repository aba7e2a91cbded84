// One stolen-photo match in the moderation queue (ADR 094): the new listing's photo beside the photo
// it matched, who listed each, and Uphold (remove the listing) / Dismiss. Plain forms through
// ConfirmDialog, so it works without JavaScript.
import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatDate } from "~/shared/format";
import { PHOTO_MATCH_TEXT } from "~/shared/copy/safety";

export type PhotoMatchView = {
  id: string;
  createdAt: string;
  distance: number;
  listing: { id: string; title: string; sellerName: string; sellerEmail: string };
  photoUrl: string;
  matched: { source: "listing" | "removed"; url: string | null; listingId: string | null; title: string; ownerName: string | null };
};

export const PHOTO_MATCH_ACTION = "/admin/reports/photo-matches";

export function PhotoMatchCard({ match }: { match: PhotoMatchView }) {
  const headingId = `photo-match-${match.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="space-y-3 p-4" data-testid="photo-match">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {PHOTO_MATCH_TEXT.heading}:{" "}
        <Link to={`/listing/${match.listing.id}`} className="text-brand-700 underline underline-offset-2">
          {match.listing.title}
        </Link>
      </h3>
      <p className="text-sm text-slate-700">
        Listed by {match.listing.sellerName} ({match.listing.sellerEmail}) · queued {formatDate(match.createdAt)} · {match.distance} of 64
        bits differ
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <figure className="space-y-1">
          <img
            src={match.photoUrl}
            alt={`New listing's photo: ${match.listing.title}`}
            className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-50 object-contain"
          />
          <figcaption className="text-sm text-slate-700">This listing's photo</figcaption>
        </figure>
        <figure className="space-y-1">
          {match.matched.url ? (
            <img
              src={match.matched.url}
              alt={`Matched photo: ${match.matched.title}`}
              className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-50 object-contain"
            />
          ) : (
            <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-sm text-slate-700">
              {match.matched.source === "removed" ? PHOTO_MATCH_TEXT.removedGone : PHOTO_MATCH_TEXT.listingGone}
            </div>
          )}
          <figcaption className="text-sm text-slate-700">
            {match.matched.source === "removed" ? PHOTO_MATCH_TEXT.removedCaption : PHOTO_MATCH_TEXT.listingCaption}:{" "}
            {match.matched.listingId && match.matched.source === "listing" ? (
              <Link to={`/listing/${match.matched.listingId}`} className="text-brand-700 underline underline-offset-2">
                {match.matched.title}
              </Link>
            ) : (
              match.matched.title
            )}
            {match.matched.ownerName ? ` · by ${match.matched.ownerName}` : ""}
          </figcaption>
        </figure>
      </div>
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <>
              Uphold<span className="sr-only"> the match on {match.listing.title}</span>
            </>
          }
          triggerVariant="danger"
          title={`Remove "${match.listing.title}"?`}
          description={PHOTO_MATCH_TEXT.upholdDescription}
          confirmLabel="Uphold and remove"
          pendingLabel="Removing..."
          tone="danger"
          action={PHOTO_MATCH_ACTION}
          fields={{ intent: "uphold", matchId: match.id }}
        />
        <ConfirmDialog
          trigger={
            <>
              Dismiss<span className="sr-only"> the match on {match.listing.title}</span>
            </>
          }
          title={`Dismiss the match on "${match.listing.title}"?`}
          description={PHOTO_MATCH_TEXT.dismissDescription}
          confirmLabel="Dismiss"
          pendingLabel="Dismissing..."
          tone="primary"
          action={PHOTO_MATCH_ACTION}
          fields={{ intent: "dismiss", matchId: match.id }}
        />
      </div>
    </Card>
  );
}
