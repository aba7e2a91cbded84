import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ListingForm, type ListingFormData } from "~/components/listings/listing-form";
import {
  formValuesFromListing,
  handleListingFormPost,
  listingFormConstraint,
  requireListingAuthor,
  toFormPhotos,
} from "~/web/listing-form.server";
import { getOwnListing, postableClubs } from "~/features/listings/listing-reads.server";
import { ListingNotFound } from "~/components/listings/listing-not-found";
import { pageMeta } from "~/web/meta";
import { askOfForm, guidanceHintFor } from "~/web/price-guidance.server";

export const meta: MetaFunction = () => pageMeta("Edit Your Listing — LockerSwap", "Change the details and photos of your listing.");

// Only the owner may edit; for anyone else (site admins included) the listing does not exist.
async function ownListingOr404(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const viewer = await requireListingAuthor(request, context);
  const own = await getOwnListing(context.db, viewer, id);
  if (!own) throw data({ message: "Listing not found" }, { status: 404 });
  return { viewer, own };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  // Side by side: one round trip after the session (ADR 051).
  const [own, clubs] = await Promise.all([getOwnListing(context.db, viewer, params.id ?? ""), postableClubs(context.db, viewer)]);
  if (!own) throw data({ message: "Listing not found" }, { status: 404 });
  const keys = own.photos.map((p) => p.r2Key);
  const values = formValuesFromListing(own.listing, own.clubIds, keys);
  // A club the seller has since left stays listed as chosen, so saving does not silently drop it;
  // the server refuses it on save (active membership only).
  return {
    listingId: own.listing.id,
    clubs,
    state: {
      values,
      // What similar items sold for, from the start: sport, type and condition are chosen (ADR 086).
      guidance: await guidanceHintFor(context.db, viewer, askOfForm(values)),
      photos: toFormPhotos(keys),
      photoErrors: [],
      result: null,
      toast: null,
      formKey: "initial",
      constraint: listingFormConstraint(),
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, own } = await ownListingOr404(request, context, params.id ?? "");
  return handleListingFormPost(request, context, viewer, {
    mode: "edit",
    listingId: own.listing.id,
    existingKeys: own.photos.map((p) => p.r2Key),
  });
}

export default function EditListing() {
  const { clubs, state, listingId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ListingFormData | undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={`/listing/${listingId}`} className="text-sm text-brand-700 underline">
        ← Back to listing
      </Link>
      <h1 className="text-3xl font-bold">Edit Your Listing</h1>
      <ListingForm mode="edit" state={actionData ?? state} clubs={clubs} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ListingNotFound />;
}
