import { useActionData, useLoaderData } from "@remix-run/react";
import { ListingForm, type ListingFormData } from "./listing-form";

type CreateListingLoaderData = {
  clubs: { id: string; name: string }[];
  presetClub?: { id: string; name: string } | null;
  state: ListingFormData;
};

/** The create page shared by /list-item and /club/:slug/list: same form, the club route presets a club. */
export function CreateListingPage() {
  const { clubs, presetClub, state } = useLoaderData() as CreateListingLoaderData;
  const actionData = useActionData() as ListingFormData | undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-3xl font-bold">List Your Sports Equipment</h1>
      <ListingForm mode="create" state={actionData ?? state} clubs={clubs} presetClub={presetClub} />
    </div>
  );
}
