import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ListingForm, type ListingFormData } from "~/components/listing-form";
import { createFormState, handleListingFormPost, requireListingAuthor } from "~/domain/listing-form.server";

export const meta: MetaFunction = () => [{ title: "List Your Sports Equipment — LockerSwap" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  return createFormState(context, viewer);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  return handleListingFormPost(request, context, viewer, { mode: "create" });
}

export default function ListItem() {
  const { clubs, presetClub, state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ListingFormData | undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-3xl font-bold">List Your Sports Equipment</h1>
      <ListingForm mode="create" state={actionData ?? state} clubs={clubs} presetClub={presetClub} />
    </div>
  );
}
