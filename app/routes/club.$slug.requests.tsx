import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { requireClubPermission } from "~/web/guards.server";
import { handleItemRequestPost } from "~/web/item-requests.server";
import { getUser } from "~/web/session.server";

// The writes of "On the Radar" (02 §2, §4 Request): intent post | fulfil | delete. Real form posts
// (the 'Post a Request' dialog and page, the buttons on the tab); the rules are in the domain.
// Every redirect goes to the club's stored slug, never to anything the request says.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  await requireClubPermission(context, access, "readRequests");
  return redirect(`/club/${access!.club.slug}?tab=radar`);
}

export async function action(args: ActionFunctionArgs) {
  return handleItemRequestPost(args);
}
