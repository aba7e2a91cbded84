import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { clubDenialResponse, requireClubPermission } from "~/web/guards.server";
import { REQUEST_TOASTS } from "~/shared/copy/item-requests";
import { deleteClubRequest, fulfilClubRequest, postClubRequest } from "~/features/item-requests/item-requests.server";
import { getUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { ClubRequestActionSchema, type PostRequestActionData } from "~/shared/schemas/club-request";

// The writes of "On the Radar" (02 §2, §4 Request): intent post | fulfil | delete. Real form posts
// (the 'Post a Request' dialog and page, the buttons on the tab); the rules are in the domain.
// Every redirect goes to the club's stored slug, never to anything the request says.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  await requireClubPermission(context, access, "readRequests");
  return redirect(`/club/${access!.club.slug}?tab=radar`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await getUser(request, context);
  const access = await getClubAccess(context.db, viewer, params.slug ?? "");
  // Non-members: 404 when they may not see the club, /auth when signed out, else back with a refusal.
  await requireClubPermission(context, access, "readRequests");
  const club = access!.club;
  const radar = `/club/${club.slug}?tab=radar`;
  const submission = parseWithZod(await request.formData(), { schema: ClubRequestActionSchema });
  if (submission.status !== "success") {
    // The post form is a conform form: its errors go back to it. A change that does not parse is "not updated".
    if (submission.payload.intent === "post") return json<PostRequestActionData>({ result: submission.reply() }, { status: 400 });
    return redirectWithToast(context, radar, REQUEST_TOASTS.updateFailed, { status: 303 });
  }
  const form = submission.value;

  if (form.intent === "post") {
    const result = await postClubRequest(context.db, access!, form, context.publish);
    if (!result.ok) {
      if (result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
      // Somebody else's id: nothing stored; a fresh form id comes with the next page load.
      // json(), not data(): this route has no page, and a resource route would answer data() with 200.
      return json<PostRequestActionData>(
        { result: submission.reply({ formErrors: [REQUEST_TOASTS.createFailed.title] }), toast: REQUEST_TOASTS.createFailed },
        { status: 409 },
      );
    }
    return redirectWithToast(context, radar, REQUEST_TOASTS.posted, { status: 303 });
  }

  const { id } = form;
  if (form.intent === "fulfil") {
    const result = await fulfilClubRequest(context.db, access!, id, context.publish);
    if (!result.ok && result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
    return redirectWithToast(context, radar, result.ok ? REQUEST_TOASTS.fulfilled : REQUEST_TOASTS.updateFailed, { status: 303 });
  }
  const result = await deleteClubRequest(context.db, access!, id, context.publish);
  if (!result.ok && result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
  return redirectWithToast(context, radar, result.ok ? REQUEST_TOASTS.deleted : REQUEST_TOASTS.deleteFailed, { status: 303 });
}
