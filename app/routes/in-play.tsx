import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { conditionBadge, listingStatusLabel, sportEmoji } from "~/shared/catalog";
import { NoPhoto } from "~/components/listings/no-photo";
import { formatPrice } from "~/shared/format";
import { PhotoImage } from "~/components/listings/photo-gallery";
import { listOwnListings } from "~/features/listings/listing-reads.server";
import { deleteListing } from "~/features/listings/listings.server";
import { ListingRuleError } from "~/features/listings/listing-rule-error";
import { announceDealChanges } from "~/web/listing-deal-events.server";
import { cardPhotoFrom } from "~/features/photos/card-photo.server";
import { finishPhotoDeletes } from "~/features/photos/ledger.server";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/web/meta";
import { Button, ButtonLink } from "~/components/ui/button";
import { parseWithZod } from "@conform-to/zod/v4";
import { InPlayActionSchema } from "~/shared/schemas/listing-actions";
import { invalidSubmission } from "~/web/submission.server";

export const meta: MetaFunction = () =>
  pageMeta("In Play — LockerSwap", "Your listings on LockerSwap: edit them, mark them sold and answer buyers.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const listings = await listOwnListings(context.db, viewer);
  return {
    listings: listings.map((l) => ({ ...l, createdAt: l.createdAt.toISOString(), ...cardPhotoFrom(l.mainPhoto) })),
  };
}

const DELETE_FAILED = { title: "Error", description: "Failed to delete listing", variant: "destructive" as const };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: InPlayActionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent === "delete") return invalidSubmission(submission);
    return redirectWithToast(context, "/in-play", DELETE_FAILED);
  }
  // Ownership (or site admin) is in the query; anything else is simply not found.
  const removed = await deleteListing(context.db, viewer, submission.value.listingId).catch((error: unknown) => {
    // In an accepted deal (ADR 068): 'This listing is in an accepted deal. Cancel the deal first.'
    if (error instanceof ListingRuleError && error.code === "listing_locked") return error;
    throw error;
  });
  if (removed instanceof ListingRuleError)
    return redirectWithToast(context, "/in-play", { title: "Error", description: removed.message, variant: "destructive" });
  if (!removed) return redirectWithToast(context, "/in-play", DELETE_FAILED);
  announceDealChanges(context, removed.changedDeals, "listing_deleted");
  await finishPhotoDeletes(context.db, context.photos, removed.removedKeys);
  return redirectWithToast(context, "/in-play", { title: "Listing removed", variant: "success" });
}

export default function InPlay() {
  const { listings } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const confirming = params.get("delete");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">In Play</h1>
          <p className="text-slate-600">Your active listings</p>
        </div>
        <Link to="/list-item" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
          List New Item
        </Link>
      </div>
      {listings.length === 0 ? (
        <div className="rounded-xl bg-white p-10 text-center shadow-sm">
          <p className="text-slate-600">You haven't listed anything yet.</p>
          <Link to="/list-item" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
            Create Your First Listing
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your listings">
          {listings.map((listing) => {
            const badge = conditionBadge(listing.condition);
            return (
              <li
                key={listing.id}
                className="group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
                data-testid="in-play-listing"
              >
                <Link to={`/listing/${listing.id}`} className="block">
                  <div className="aspect-[4/3] bg-slate-100">
                    {listing.photoUrl ? (
                      <PhotoImage
                        src={listing.photoUrl}
                        width={listing.photoWidth ?? undefined}
                        height={listing.photoHeight ?? undefined}
                        loading="lazy"
                        alt={listing.title}
                        className="h-full w-full object-cover"
                      />
                    ) : (
                      <NoPhoto />
                    )}
                  </div>
                  <div className="space-y-1 p-3">
                    <p className="font-semibold">
                      <span aria-hidden="true">{sportEmoji(listing.sport)} </span>
                      {listing.title}
                    </p>
                    <p className="text-brand-700">{formatPrice(listing.priceCents)}</p>
                    <p className="flex gap-2 text-xs">
                      <span className="rounded-full bg-slate-100 px-2 py-0.5" data-testid="status-label">
                        {listingStatusLabel(listing.status)}
                      </span>
                      <span className={`rounded-full px-2 py-0.5 ${badge.className}`}>{badge.label}</span>
                    </p>
                  </div>
                </Link>
                {confirming === listing.id ? (
                  <div
                    role="alertdialog"
                    aria-labelledby={`delete-${listing.id}`}
                    className="absolute inset-0 flex flex-col justify-center gap-2 bg-white p-4"
                  >
                    <p id={`delete-${listing.id}`} className="font-semibold">
                      Delete Listing
                    </p>
                    <p className="text-sm text-slate-600">Delete “{listing.title}”? This cannot be undone.</p>
                    <div className="flex gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="listingId" value={listing.id} />
                        <Button type="submit" variant="danger" size="xs">
                          Delete
                        </Button>
                      </Form>
                      <ButtonLink to="/in-play" preventScrollReset variant="secondary" size="xs" className="font-normal">
                        Cancel
                      </ButtonLink>
                    </div>
                  </div>
                ) : (
                  <Link
                    to={`/in-play?delete=${listing.id}`}
                    preventScrollReset
                    aria-label={`Delete ${listing.title}`}
                    className="absolute right-2 top-2 rounded-full bg-white/90 px-2 py-1 text-sm text-red-700 opacity-0 shadow transition group-hover:opacity-100 focus:opacity-100"
                  >
                    🗑 Delete
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
