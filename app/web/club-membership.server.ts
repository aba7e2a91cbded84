// The membership POSTs of the club page and the invite-code page (spec 02 §4; ADR 029, ADR 081).
// Two steps, each going one way: `handleMembershipPost` / `handleInviteCode` are given who asks
// (the route read the viewer once, and with it the suspension gate) and call the domain function
// the intent names (membership.server.ts), which asks the club table; they return what came of it
// as plain values. `answerMembership` turns that into the spec's toast and a redirect built from
// the stored slug, or the invite code's field errors.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getClubAccess, type ClubRefusal, type ClubResult } from "~/features/clubs/club-access.server";
import { joinClub, joinClubWithCode, leaveClub, requestToJoin } from "~/features/clubs/membership.server";
import { revokeClubRoom } from "~/features/realtime/rooms.server";
import { pushJoinRequest } from "~/features/notifications/kind-push.server";
import type { Viewer } from "~/features/permissions/viewer";
import { CLUB_ERRORS, CLUB_SUCCESS, type ClubErrorCode } from "~/shared/copy/clubs";
import { MembershipActionSchema } from "~/shared/schemas/club-join";
import { knownIntent } from "~/shared/schemas/intent";
import { clubDenialResponse, clubNotFound } from "./guards.server";
import { redirectWithToast } from "./toast.server";

/** Refusals of a typed invite code shown beside the field (the dialog or page stays open). */
const CODE_FIELD_ERRORS = new Set<ClubErrorCode>(["inviteCodeRequired", "invalidInviteCode", "tooManyAttempts"]);

export type InviteCodeActionData = {
  result: SubmissionResult<string[]>;
  /** The refusal's title ('Invalid invite code'), shown above the field. */
  title: string | null;
};

/** What a membership POST came to: the invite code's field errors, the club's result and the toast it earns, or a refused intent. */
export type Outcome =
  | { kind: "field"; data: InviteCodeActionData; status: 400 | 429 }
  | { kind: "club"; result: ClubResult; success: keyof typeof CLUB_SUCCESS; afterwards?: string }
  | { kind: "refused"; refusal: ClubRefusal };

/** The invite-code form: the club's result, or the field's errors when the code was refused. */
export async function handleInviteCode(
  context: Pick<AppLoadContext, "db">,
  viewer: Viewer | null,
  slug: string,
  submission: Submission<unknown, string[], { intent: string; code?: string }>,
): Promise<Outcome> {
  // Access first: a signed-out visitor or a member is told so before the code is looked at; a code
  // the schema refused reads as none ('Please enter the invite code').
  const code = submission.status === "success" ? (submission.value.code ?? "") : "";
  const result = await joinClubWithCode(context.db, viewer, slug, code);
  if (!result.ok && CODE_FIELD_ERRORS.has(result.error)) {
    const toast = CLUB_ERRORS[result.error];
    return {
      kind: "field",
      data: { result: submission.reply({ fieldErrors: { code: [toast.description ?? toast.title] } }), title: toast.title },
      status: result.error === "tooManyAttempts" ? 429 : 400,
    };
  }
  return { kind: "club", result, success: "joined" };
}

/** POST /club/{slug}: intent join | join-code | request | leave, asked by `viewer`. */
export async function handleMembershipPost(context: AppLoadContext, viewer: Viewer | null, slug: string, form: FormData): Promise<Outcome> {
  const submission = parseWithZod(form, { schema: MembershipActionSchema });
  const intent = submission.status === "success" ? submission.value.intent : knownIntent(MembershipActionSchema, submission.payload);
  // Only the invite code has a field to refuse; it is judged after access (handleInviteCode).
  if (intent === "join-code") return handleInviteCode(context, viewer, slug, submission);
  if (intent === null) {
    const access = await getClubAccess(context.db, viewer, slug);
    return { kind: "refused", refusal: { ok: false, error: access ? "forbidden" : "notFound", club: access?.club ?? null } };
  }
  if (intent === "join") return { kind: "club", result: await joinClub(context.db, viewer, slug), success: "joined" };
  if (intent === "request") {
    const result = await requestToJoin(context.db, viewer, slug);
    // The club's owners and admins hear of it on their devices (ADR 100); the key is the request's, so a repeat pushes nothing.
    if (result.ok && viewer)
      context.cloudflare.ctx.waitUntil(pushJoinRequest({ db: context.db, env: context.env }, result.club.id, viewer.id));
    return { kind: "club", result, success: "requested" };
  }
  const left = await leaveClub(context.db, viewer, slug);
  // Out of the club's room at once, not when the socket's token runs out (ADR 039).
  if (left.ok) revokeClubRoom(context, left.club.id, viewer!.id);
  // Leaving a private club ends the right to see it: go to the directory instead of a 404.
  const stillVisible = left.ok ? await getClubAccess(context.db, viewer, left.club.slug) : null;
  return { kind: "club", result: left, success: "left", afterwards: left.ok && !stillVisible ? "/clubs" : undefined };
}

/** The answer to a membership POST: the field's errors (400/429), the refusal (thrown), or the toast and a redirect. */
export async function answerMembership(context: AppLoadContext, outcome: Outcome) {
  if (outcome.kind === "field") return data<InviteCodeActionData>(outcome.data, { status: outcome.status });
  if (outcome.kind === "refused") throw await refusalResponse(context, outcome.refusal);
  const { result } = outcome;
  if (!result.ok) throw await refusalResponse(context, result);
  return redirectWithToast(context, outcome.afterwards ?? `/club/${result.club.slug}`, CLUB_SUCCESS[outcome.success], { status: 303 });
}

async function refusalResponse(context: AppLoadContext, refusal: ClubRefusal) {
  if (!refusal.club) return clubNotFound();
  return clubDenialResponse(context, { club: refusal.club }, refusal.error);
}
