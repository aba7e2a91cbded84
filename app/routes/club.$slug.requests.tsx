import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { clubDenialResponse, getClubAccess, requireClubPermission } from "~/features/clubs/club-access.server";
import { REQUEST_TOASTS } from "~/features/item-requests/item-request-copy";
import { deleteClubRequest, fulfilClubRequest, postClubRequest } from "~/features/item-requests/item-requests.server";
import { getUser } from "~/features/accounts/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { PostRequestSchema, RequestChangeSchema } from "~/shared/schemas/club-request";

// The writes of "On the Radar" (02 §2, §4 Request): intent post | fulfil | delete. Real form posts
// (the 'Post a Request' dialog and page, the buttons on the tab); the rules are in the domain.
// Every redirect goes to the club's stored slug, never to anything the request says.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  await requireClubPermission(context, access, "readRequests");
  return redirect(`/club/${access!.club.slug}?tab=radar`);
}

export type PostRequestActionData = { result: SubmissionResult<string[]>; toast?: { title: string; description?: string } };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await getUser(request, context);
  const access = await getClubAccess(context.db, viewer, params.slug ?? "");
  // Non-members: 404 when they may not see the club, /auth when signed out, else back with a refusal.
  await requireClubPermission(context, access, "readRequests");
  const club = access!.club;
  const radar = `/club/${club.slug}?tab=radar`;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "post") {
    const submission = parseWithZod(formData, { schema: PostRequestSchema });
    if (submission.status !== "success") return json<PostRequestActionData>({ result: submission.reply() }, { status: 400 });
    const result = await postClubRequest(context.db, access!, submission.value, context.publish);
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

  const submission = parseWithZod(formData, { schema: RequestChangeSchema });
  if (submission.status !== "success") return redirectWithToast(context, radar, REQUEST_TOASTS.updateFailed, { status: 303 });
  const { id } = submission.value;
  if (submission.value.intent === "fulfil") {
    const result = await fulfilClubRequest(context.db, access!, id, context.publish);
    if (!result.ok && result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
    return redirectWithToast(context, radar, result.ok ? REQUEST_TOASTS.fulfilled : REQUEST_TOASTS.updateFailed, { status: 303 });
  }
  const result = await deleteClubRequest(context.db, access!, id, context.publish);
  if (!result.ok && result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
  return redirectWithToast(context, radar, result.ok ? REQUEST_TOASTS.deleted : REQUEST_TOASTS.deleteFailed, { status: 303 });
}
