// What the club page's "On the Radar" tab loads (02 §2): the requests as plain data and the club
// room's token, so the tab stays one line in the club page loader.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clubCan, type ClubAccess } from "~/features/clubs/club-access.server";
import { listClubRequests, type ClubRequestRow } from "~/features/item-requests/item-requests.server";
import { PostRequestSchema } from "~/shared/schemas/club-request";
import { getFormConstraint } from "~/shared/form-constraint";
import { clubRoomAccess } from "~/features/realtime/rooms.server";

export type RadarRequest = {
  id: string;
  title: string;
  description: string | null;
  status: "open" | "fulfilled";
  authorId: string;
  authorName: string | null;
  createdAt: string;
};

/** `prefetched`: the requests read beside the club page (`clubRequestsBySlug`, ADR 051). */
export async function radarTabData(context: Pick<AppLoadContext, "db" | "env">, access: ClubAccess, prefetched?: ClubRequestRow[]) {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "readRequests")) return null;
  const [rows, room] = await Promise.all([prefetched ?? listClubRequests(context.db, access), clubRoomAccess(context, access)]);
  if (!room) return null;
  return {
    clubId: access.club.id,
    viewerId: viewer.id,
    canPost: clubCan(access, "postRequest"),
    // The 'Post a Request' form's HTML constraints; zod loads on its first input (ADR 032, 033).
    postConstraint: getFormConstraint(PostRequestSchema),
    now: new Date().toISOString(),
    room,
    requests: rows.map(
      (r): RadarRequest => ({
        id: r.id,
        title: r.title,
        description: r.description,
        status: r.status,
        authorId: r.userId,
        authorName: r.authorName,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
  };
}
