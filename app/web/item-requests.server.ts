// What the club page's "On the Radar" tab loads (02 §2): the requests as plain data and the club
// room's token, so the tab stays one line in the club page loader.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/cloudflare";
import { deleteItemRequest, fulfilItemRequest, postItemRequest } from "~/features/item-requests/item-requests.server";
import { REQUEST_TOASTS } from "~/shared/copy/item-requests";
import { ItemRequestActionSchema, type PostRequestActionData } from "~/shared/schemas/item-request";
import { clubAccessForAction, clubDenialResponse, requireClubPermission } from "./guards.server";
import { redirectWithToast } from "./toast.server";
import { clubCan } from "~/features/permissions/club";
import { type ClubAccess } from "~/features/clubs/club-access.server";
import { listItemRequests, type ItemRequestRow } from "~/features/item-requests/item-requests.server";
import { PostRequestSchema } from "~/shared/schemas/item-request";
import { getFormConstraint } from "~/shared/form-constraint";
import { clubRoomAccess } from "~/features/realtime/rooms.server";
import { itemRequestsBySlug } from "~/features/item-requests/item-requests.server";
import { possibleMatchesInClub, type PossibleMatch } from "~/features/matching/matches.server";
import { visibleClubIdBySlug } from "~/features/clubs/club-access.server";
import type { Viewer } from "~/features/permissions/viewer";

export type ItemRequest = {
  id: string;
  title: string;
  description: string | null;
  status: "open" | "fulfilled";
  authorId: string;
  authorName: string | null;
  createdAt: string;
};

/** What the tab reads from the database: the requests, and 'Possible match' for the viewer's own (ADR 071). */
export type ItemRequestsRead = { rows: ItemRequestRow[]; matches: Map<string, PossibleMatch[]> };

/**
 * The tab's reads for a page that has not read the club yet, side by side (one round trip), so they
 * go beside the club page's batch (ADR 051). The caller still applies `clubCan(access, 'readRequests')`.
 */
export async function readItemRequestsBySlug(db: AppLoadContext["db"], viewer: Viewer, slug: string): Promise<ItemRequestsRead> {
  const [rows, matches] = await Promise.all([
    itemRequestsBySlug(db, viewer, slug),
    possibleMatchesInClub(db, viewer, visibleClubIdBySlug(viewer, slug)),
  ]);
  return { rows, matches };
}

/** `prefetched`: the reads made beside the club page (`readItemRequestsBySlug`, ADR 051). */
export async function itemRequestsTabData(context: Pick<AppLoadContext, "db" | "env">, access: ClubAccess, prefetched?: ItemRequestsRead) {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "readRequests")) return null;
  const read = async (): Promise<ItemRequestsRead> => {
    const [rows, matches] = await Promise.all([
      listItemRequests(context.db, access),
      possibleMatchesInClub(context.db, viewer, access.club.id),
    ]);
    return { rows, matches };
  };
  const [{ rows, matches }, room] = await Promise.all([prefetched ?? read(), clubRoomAccess(context, access)]);
  if (!room) return null;
  return {
    clubId: access.club.id,
    viewerId: viewer.id,
    canPost: clubCan(access, "postRequest"),
    // The 'Post a Request' form's HTML constraints; zod loads on its first input (ADR 032, 033).
    postConstraint: getFormConstraint(PostRequestSchema),
    now: new Date().toISOString(),
    room,
    requests: rows.map((r): ItemRequest => ({
      id: r.id,
      title: r.title,
      description: r.description,
      status: r.status,
      authorId: r.userId,
      authorName: r.authorName,
      createdAt: r.createdAt.toISOString(),
    })),
    // Only the viewer's own requests have any (the query is theirs): request id → listings.
    possibleMatches: Object.fromEntries(matches),
  };
}

/**
 * The writes of "On the Radar" (02 §2, §4 Request): intent post | fulfil | delete, posted to
 * /club/{slug}/requests (the dialog, the tab's buttons) and to /club/{slug}/requests/new (the page
 * 'New Request' opens without JavaScript, so a refused field comes back there with what was typed).
 */
export async function handleItemRequestPost({ request, context, params }: ActionFunctionArgs) {
  const access = await clubAccessForAction(request, context, params.slug ?? "");
  // Non-members: 404 when they may not see the club, /auth when signed out, else back with a refusal.
  await requireClubPermission(context, access, "readRequests");
  const club = access!.club;
  const radar = `/club/${club.slug}?tab=radar`;
  const submission = parseWithZod(await request.formData(), { schema: ItemRequestActionSchema });
  if (submission.status !== "success") {
    // The post form is a conform form: its errors go back to it. A change that does not parse is "not updated".
    if (submission.payload.intent === "post") return json<PostRequestActionData>({ result: submission.reply() }, { status: 400 });
    return redirectWithToast(context, radar, REQUEST_TOASTS.updateFailed, { status: 303 });
  }
  const form = submission.value;

  if (form.intent === "post") {
    const result = await postItemRequest(context.db, access!, form, context.publish);
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
    const result = await fulfilItemRequest(context.db, access!, id, context.publish);
    if (!result.ok && result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
    return redirectWithToast(context, radar, result.ok ? REQUEST_TOASTS.fulfilled : REQUEST_TOASTS.updateFailed, { status: 303 });
  }
  const result = await deleteItemRequest(context.db, access!, id, context.publish);
  if (!result.ok && result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
  return redirectWithToast(context, radar, result.ok ? REQUEST_TOASTS.deleted : REQUEST_TOASTS.deleteFailed, { status: 303 });
}
