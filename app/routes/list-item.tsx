import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { CreateListingPage } from "~/components/listings/create-listing-page";
import { createFormState, handleListingFormPost, requireListingAuthor } from "~/web/listing-form.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("List Your Sports Equipment — LockerSwap", "List used sports equipment for local players and teams. Free, no shipping.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  return createFormState(context, viewer);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  return handleListingFormPost(request, context, viewer, { mode: "create" });
}

export default function ListItem() {
  return <CreateListingPage />;
}
