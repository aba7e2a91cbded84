import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { CreateListingPage } from "~/components/listings/create-listing-page";
import { createFormState, handleListingFormPost, requireListingAuthor } from "~/web/listing-form.server";
import { findVisibleClubBySlug } from "~/features/clubs/club-access.server";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("List Your Sports Equipment — LockerSwap", "List used sports equipment for your club's members and local players.");

// Listing into a club: the club is preselected (spec 02 §2). An unknown slug falls back to the
// plain form with the spec's message; membership is still checked on save.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  // Side by side: one round trip after the session (ADR 051).
  const [club, form] = await Promise.all([
    findVisibleClubBySlug(context.db, viewer, params.slug ?? ""),
    createFormState(context, viewer, (params.slug ?? "").trim().toLowerCase()),
  ]);
  if (!club) {
    throw await redirectWithToast(context, "/list-item", {
      title: "Club not found",
      description: "The club link is invalid. You can still list your item without a club.",
      variant: "destructive",
    });
  }
  return { ...form, club };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireListingAuthor(request, context);
  return handleListingFormPost(request, context, viewer, { mode: "create" });
}

export default function ClubListItem() {
  return <CreateListingPage />;
}
