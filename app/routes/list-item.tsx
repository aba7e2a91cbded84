import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { CreateListingPage } from "~/components/listings/create-listing-page";
import { createFormState, handleListingFormPost, requireListingAuthor } from "~/web/listing-form.server";
import { pageMeta } from "~/web/meta";
import { outgrownPrefill } from "~/web/outgrown.server";

export const meta: MetaFunction = () =>
  pageMeta("List Your Sports Equipment — LockerSwap", "List used sports equipment for local players and teams. Free, no shipping.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  // 'List it' from the outgrown page (ADR 091): the item's words pre-filled, to be confirmed; never its photos.
  return createFormState(
    context,
    viewer,
    null,
    await outgrownPrefill(context.db, viewer, new URL(request.url).searchParams.get("outgrown")),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  return handleListingFormPost(request, context, viewer, { mode: "create" });
}

export default function ListItem() {
  return <CreateListingPage />;
}
