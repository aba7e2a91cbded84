// The membership POSTs of the club page and the invite-code page (spec 02 §4; ADR 029): the
// intent picks a domain function (membership.server.ts), which asks the permission table; this
// only turns its typed result into the spec's toast and a redirect built from the stored slug.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { clubDenialResponse, clubNotFound } from "./guards.server";
import { CLUB_ERRORS, CLUB_SUCCESS, type ClubErrorCode } from "~/shared/copy/clubs";
import type { ClubResult } from "~/features/clubs/club-access.server";
import { joinClub, joinClubWithCode, leaveClub, requestToJoin } from "~/features/clubs/membership.server";
import { revokeClubRoom } from "~/features/realtime/rooms.server";
import { getUser } from "~/web/session.server";
import type { Viewer } from "~/features/permissions/viewer";
import { MembershipActionSchema } from "~/shared/schemas/club-join";
import { knownIntent } from "~/shared/schemas/intent";
import { redirectWithToast } from "./toast.server";

/** Refusals of a typed invite code shown beside the field (the dialog or page stays open). */
const CODE_FIELD_ERRORS = new Set<ClubErrorCode>(["inviteCodeRequired", "invalidInviteCode", "tooManyAttempts"]);

export type InviteCodeActionData = {
  result: SubmissionResult<string[]>;
  /** The refusal's title ('Invalid invite code'), shown above the field. */
  title: string | null;
};

async function outcome(context: AppLoadContext, result: ClubResult, success: keyof typeof CLUB_SUCCESS, afterwards?: string) {
  if (!result.ok) {
    if (!result.club) throw clubNotFound();
    throw await clubDenialResponse(context, { club: result.club }, result.error);
  }
  return redirectWithToast(context, afterwards ?? `/club/${result.club.slug}`, CLUB_SUCCESS[success], { status: 303 });
}

/** The invite-code form: a redirect on success or refusal, else the form's errors (400/429). */
export async function handleInviteCode(
  context: AppLoadContext,
  viewer: Viewer | null,
  slug: string,
  submission: Submission<unknown, string[], { intent: string; code?: string }>,
) {
  // Access first: a signed-out visitor or a member is told so before the code is looked at; a code
  // the schema refused reads as none ('Please enter the invite code').
  const code = submission.status === "success" ? (submission.value.code ?? "") : "";
  const result = await joinClubWithCode(context.db, viewer, slug, code);
  if (!result.ok && CODE_FIELD_ERRORS.has(result.error)) {
    const toast = CLUB_ERRORS[result.error];
    return data<InviteCodeActionData>(
      { result: submission.reply({ fieldErrors: { code: [toast.description ?? toast.title] } }), title: toast.title },
      { status: result.error === "tooManyAttempts" ? 429 : 400 },
    );
  }
  return outcome(context, result, "joined");
}

/** POST /club/{slug}: intent join | join-code | request | leave. */
export async function handleMembershipPost(request: Request, context: AppLoadContext, slug: string) {
  // Who is asking, once, before anything else (a suspended person's POST stops here).
  const viewer = await getUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: MembershipActionSchema });
  const intent = submission.status === "success" ? submission.value.intent : knownIntent(MembershipActionSchema, submission.payload);
  if (intent === null) {
    const access = await getClubAccess(context.db, viewer, slug);
    if (!access) throw clubNotFound();
    throw await clubDenialResponse(context, access, "forbidden");
  }
  // Only the invite code has a field to refuse; it is judged after access (handleInviteCode).
  if (intent === "join-code") return handleInviteCode(context, viewer, slug, submission);
  if (intent === "join") return outcome(context, await joinClub(context.db, viewer, slug), "joined");
  if (intent === "request") return outcome(context, await requestToJoin(context.db, viewer, slug), "requested");
  const left = await leaveClub(context.db, viewer, slug);
  // Out of the club's room at once, not when the socket's token runs out (ADR 039).
  if (left.ok) revokeClubRoom(context, left.club.id, viewer!.id);
  // Leaving a private club ends the right to see it: go to the directory instead of a 404.
  const stillVisible = left.ok ? await getClubAccess(context.db, viewer, left.club.slug) : null;
  return outcome(context, left, "left", left.ok && !stillVisible ? "/clubs" : undefined);
}
