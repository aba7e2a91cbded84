import { Form, Link, useNavigation } from "@remix-run/react";
import { LISTING_STATUS_LABELS, LISTING_STATUSES } from "~/shared/catalog";
import { Button, ButtonLink } from "../ui/button";

/**
 * Manage Listing (spec 02 §2). Owner: status (current one disabled), Edit, Remove. A site admin
 * who is not the owner: the Admin View badge and Delete Listing (Admin) only. The server enforces
 * the same (listing.$id.tsx action, listings.server.ts). Removal asks first through `?confirm=remove`,
 * which works without JavaScript.
 */
export function ListingManageCard({
  listingId,
  status,
  isOwner,
  confirmRemove,
  hold = null,
}: {
  listingId: string;
  status: string;
  isOwner: boolean;
  confirmRemove: boolean;
  /** Its owner's 'hidden pending review' (ADR 095, 099), with the appeal link; null for everyone else. */
  hold?: { href: string; text: string; link: string } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.endsWith(`/listing/${listingId}`);
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="manage-heading">
      <div className="flex items-center justify-between">
        <h2 id="manage-heading" className="text-xl font-semibold">
          Manage Listing
        </h2>
        {!isOwner ? <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-800">Admin View</span> : null}
      </div>
      {hold ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="held-notice">
          <strong className="font-semibold">Hidden pending review.</strong> {hold.text}{" "}
          <Link to={hold.href} className="font-medium underline underline-offset-2">
            {hold.link}
          </Link>
        </p>
      ) : null}
      {isOwner ? (
        <>
          <Form method="post" className="mt-4 grid grid-cols-3 gap-2" preventScrollReset>
            <input type="hidden" name="intent" value="status" />
            {LISTING_STATUSES.map((value) => (
              <Button
                key={value}
                type="submit"
                name="status"
                value={value}
                disabled={value === status || busy}
                aria-pressed={value === status}
                variant="choice"
              >
                {LISTING_STATUS_LABELS[value]}
              </Button>
            ))}
          </Form>
          <ButtonLink to={`/listing/${listingId}/edit`} size="slim" className="mt-3 flex">
            Edit
          </ButtonLink>
        </>
      ) : null}
      {confirmRemove ? (
        <div role="alertdialog" aria-labelledby="remove-title" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3">
          <p id="remove-title" className="font-semibold text-red-900">
            Delete Listing
          </p>
          <p className="text-sm text-red-900">Are you sure? This removes the listing and its photos for good.</p>
          <div className="mt-2 flex gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="danger" size="xs">
                Yes, delete
              </Button>
            </Form>
            <ButtonLink to={`/listing/${listingId}`} preventScrollReset variant="secondary" size="xs" className="font-normal">
              Cancel
            </ButtonLink>
          </div>
        </div>
      ) : (
        <ButtonLink
          to={`/listing/${listingId}?confirm=remove`}
          preventScrollReset
          variant="danger-outline"
          size="slim"
          className="mt-3 flex"
        >
          {isOwner ? "Remove" : "Delete Listing (Admin)"}
        </ButtonLink>
      )}
    </section>
  );
}
