import { json, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { SwitchField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { Button, ButtonLink } from "~/components/ui/button";
import { FileInput } from "~/components/ui/file-input";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { clubCan } from "~/features/permissions/club";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { ClubReports } from "~/components/clubs/club-reports";
import { ClubMembersCard, RowButton } from "~/components/clubs/club-members-card";
import { moderateClubReport, type ClubModerationAction, type ClubModerationResult } from "~/features/moderation/club-moderation.server";
import { clubReports, openClubReportRows } from "~/features/moderation/club-reports.server";
import { CLUB_MODERATION_TEXT } from "~/shared/copy/safety";
import { clubDenialResponse, clubNotFound, requireClubPermission } from "~/web/guards.server";
import { uploadClubLogo } from "~/features/clubs/club-logo.server";
import { CLUB_ERRORS, CLUB_SUCCESS } from "~/shared/copy/clubs";
import { getClubManagePage, updateClubSettings, changeInviteCode } from "~/features/clubs/club-manage.server";
import type { ClubResult } from "~/features/clubs/club-access.server";
import { revokeClubRoom } from "~/features/realtime/rooms.server";
import { pushApproval } from "~/features/notifications/kind-push.server";
import { approveJoinRequest, demoteMember, promoteMember, rejectJoinRequest, removeMember } from "~/features/clubs/membership.server";
import { getUser } from "~/web/session.server";
import { formatDate } from "~/shared/format";
import { redirectWithToast } from "~/web/toast.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { photoUrl } from "~/features/photos/urls";
import { parseWithZod } from "@conform-to/zod/v4";
import { ClubManageSchema, type ClubManageIntent } from "~/shared/schemas/club-manage";
import { knownIntent } from "~/shared/schemas/intent";
import { invalidSubmission } from "~/web/submission.server";
import { Card } from "~/components/ui/card";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

// Manage Group (02 §2): managers only (the permission table's "manage"); every POST goes
// through a domain function that asks the table again, whatever the browser sends.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Manage ${data.club.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
  { name: "description", content: "Approve membership requests, change settings and manage the members of your club." },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  // The club's open content reports are read beside the page (ADR 069) and used only if the
  // permission table lets this viewer moderate them.
  const [page, openReports] = await Promise.all([
    getClubManagePage(context.db, viewer, params.slug ?? ""),
    openClubReportRows(context.db, params.slug ?? ""),
  ]);
  const access = await requireClubPermission(context, page.access, "manage");
  const { club } = access;
  const { requests, inviteCode, members } = page;
  // The 'Reports' section (ADR 069), for those the table lets moderate.
  const canModerate = clubCan(access, "moderateReports");
  const reports = canModerate ? await clubReports(context.db, access, openReports) : [];
  return {
    club: {
      slug: club.slug,
      name: club.name,
      joinMode: club.joinMode,
      logoUrl: club.logoKey ? photoUrl(club.logoKey) : null,
      showPricesInPreview: club.showPricesInPreview,
      showListingCount: club.showListingCount,
      allowJoinRequests: club.allowJoinRequests,
    },
    requests: requests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() })),
    inviteCode,
    members,
    canModerate,
    reports,
    // The keepers' Gear Library (ADR 097): owner and admins keep the gear; a site admin does not (not a member).
    keepsGear: clubCan(access, "manageGear"),
  };
}

type ModerationIntent = Extract<ClubManageIntent, `report-${string}`>;
type Intent = Exclude<ClubManageIntent, ModerationIntent>;
const MODERATION: Record<ModerationIntent, ClubModerationAction> = {
  "report-dismiss": "dismiss",
  "report-remove": "remove",
  "report-remove-member": "removeMember",
};
const SUCCESS: Record<Intent, keyof typeof CLUB_SUCCESS> = {
  approve: "approved",
  reject: "rejected",
  settings: "settingsSaved",
  "invite-code": "inviteCodeChanged",
  promote: "promoted",
  demote: "demoted",
  "make-equipment-manager": "madeEquipmentManager",
  remove: "memberRemoved",
  logo: "logoUpdated",
};

async function answer(context: AppLoadContext, result: ClubResult, intent: Intent) {
  if (!result.ok) {
    if (!result.club) throw clubNotFound();
    const toast = CLUB_ERRORS[result.error];
    // A manager's refusal (no such request, the owner's row, a too-short code) stays on this page.
    if (
      result.error !== "accessDenied" &&
      result.error !== "signInRequired" &&
      result.error !== "authenticationRequired" &&
      result.error !== "notFound"
    ) {
      return redirectWithToast(context, `/club/${result.club.slug}/manage`, toast, { status: 303 });
    }
    throw await clubDenialResponse(context, { club: result.club }, result.error);
  }
  return redirectWithToast(context, `/club/${result.club.slug}/manage`, CLUB_SUCCESS[SUCCESS[intent]], { status: 303 });
}

/** A club moderator's action on a report: back to the page with what happened, 404 for a report that is not this club's. */
async function answerModeration(context: AppLoadContext, result: ClubModerationResult) {
  if (result.ok) {
    const text = CLUB_MODERATION_TEXT;
    const title =
      result.action === "dismiss"
        ? text.dismissed
        : result.action === "removeMember"
          ? text.memberRemoved
          : result.targetType === "item_request"
            ? text.requestRemoved
            : text.messageRemoved;
    return redirectWithToast(context, `/club/${result.club.slug}/manage`, { title, variant: "success" }, { status: 303 });
  }
  // The club's own refusals (not a manager, 'Member not found', the owner): as the Members list's Remove answers them.
  if (!("moderation" in result)) return answer(context, result, "remove");
  if (result.error === "reportNotFound") throw json({ title: "Report not found" }, { status: 404, statusText: "Report not found" });
  const toast =
    result.error === "alreadyHandled"
      ? { title: CLUB_MODERATION_TEXT.alreadyHandled, description: CLUB_MODERATION_TEXT.alreadyHandledDetail }
      : { title: CLUB_MODERATION_TEXT.contentGone, description: CLUB_MODERATION_TEXT.contentGoneDetail };
  return redirectWithToast(context, `/club/${result.club.slug}/manage`, { ...toast, variant: "destructive" }, { status: 303 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await getUser(request, context);
  const slug = params.slug ?? "";
  // Managers only, first: a stranger is refused before the form is read.
  await requireClubPermission(context, await getClubAccess(context.db, viewer, slug), "manage");
  const submission = parseWithZod(await request.formData(), { schema: ClubManageSchema });
  if (submission.status !== "success") {
    if (knownIntent(ClubManageSchema, submission.payload)) return invalidSubmission(submission);
    const access = await getClubAccess(context.db, viewer, slug);
    throw await clubDenialResponse(context, access!, "forbidden");
  }
  const form = submission.value;
  const db = context.db;
  switch (form.intent) {
    case "approve": {
      const approved = await approveJoinRequest(db, viewer, slug, form.memberId);
      // 'You've been approved' on the member's devices (ADR 100).
      if (approved.ok) context.cloudflare.ctx.waitUntil(pushApproval({ db, env: context.env }, form.memberId));
      return answer(context, approved, form.intent);
    }
    case "reject":
      return answer(context, await rejectJoinRequest(db, viewer, slug, form.memberId), form.intent);
    case "promote":
      return answer(context, await promoteMember(db, viewer, slug, form.memberId), form.intent);
    case "demote":
      return answer(context, await demoteMember(db, viewer, slug, form.memberId), form.intent);
    case "make-equipment-manager":
      return answer(context, await promoteMember(db, viewer, slug, form.memberId, "equipment_manager"), form.intent);
    case "remove": {
      const removed = await removeMember(db, viewer, slug, form.memberId);
      // The removed member's open sockets in the club room close now (ADR 039).
      if (removed.ok) revokeClubRoom(context, removed.club.id, removed.userId);
      return answer(context, removed, form.intent);
    }
    case "settings": {
      const { showPricesInPreview, showListingCount, allowJoinRequests } = form;
      return answer(
        context,
        await updateClubSettings(db, viewer, slug, { showPricesInPreview, showListingCount, allowJoinRequests }),
        form.intent,
      );
    }
    case "logo": {
      const result = await uploadClubLogo(db, context.photos, viewer, slug, form.logo ?? null);
      if (!result.ok && result.error === "photo") {
        return redirectWithToast(
          context,
          `/club/${slug}/manage`,
          { title: "Logo not updated", description: result.message, variant: "destructive" },
          { status: 303 },
        );
      }
      return answer(context, result as ClubResult, form.intent);
    }
    case "invite-code":
      return answer(context, await changeInviteCode(db, viewer, slug, form.code), form.intent);
    case "report-dismiss":
    case "report-remove":
    case "report-remove-member": {
      const action = MODERATION[form.intent];
      const result = await moderateClubReport(db, viewer, slug, { action, reportId: form.reportId }, context.publish);
      // A removed author's open sockets in the club room close now, as with the Members list's Remove (ADR 039).
      if (result.ok && result.removedUserId) revokeClubRoom(context, result.club.id, result.removedUserId);
      return answerModeration(context, result);
    }
  }
}

export default function ManageClub() {
  const { club, requests, inviteCode, members, canModerate, reports, keepsGear } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const saving = useIsPending({ intent: "settings" });
  const savingCode = useIsPending({ intent: "invite-code" });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={`/club/${club.slug}`} className="text-sm font-medium text-brand-700 underline">
        Back to club
      </Link>
      <h1 className="text-2xl font-bold">Manage {club.name}</h1>
      {keepsGear ? (
        <nav aria-label="Manage sections">
          <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
            <li>
              <span
                aria-current="page"
                className="-mb-px inline-flex min-h-11 items-center border-b-2 border-brand-600 px-3 text-sm font-semibold text-brand-800"
              >
                Members &amp; settings
              </span>
            </li>
            <li>
              <Link
                to={`/club/${club.slug}/manage/library`}
                className="-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-semibold text-slate-600 hover:text-slate-900"
              >
                Gear Library
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}

      <Card as="section" padding="md" aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="mb-3 text-lg font-semibold">
          Pending Membership Requests
        </h2>
        {requests.length === 0 ? (
          <p className="text-slate-600">No pending requests.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {requests.map((r) => (
              <li key={r.membershipId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{r.name}</p>
                  {r.email ? <p className="break-all text-sm text-slate-600">{r.email}</p> : null}
                  <p className="text-sm text-slate-600">Requested {formatDate(r.requestedAt)}</p>
                </div>
                <div className="flex gap-2">
                  <RowButton intent="approve" memberId={r.membershipId} label="Approve" />
                  <RowButton intent="reject" memberId={r.membershipId} label="Reject" tone="danger" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {canModerate ? <ClubReports groups={reports} /> : null}

      <Card as="section" padding="md" aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="mb-3 text-lg font-semibold">
          Club Settings
        </h2>
        <Form method="post" className="space-y-4">
          <SwitchField
            label="Show prices in preview"
            inputProps={{ name: "showPricesInPreview", defaultChecked: club.showPricesInPreview }}
          />
          <SwitchField label="Show listing count" inputProps={{ name: "showListingCount", defaultChecked: club.showListingCount }} />
          <SwitchField label="Allow join requests" inputProps={{ name: "allowJoinRequests", defaultChecked: club.allowJoinRequests }} />
          <div className="flex flex-wrap justify-end gap-2">
            <ButtonLink to={`/club/${club.slug}`} variant="secondary">
              Cancel
            </ButtonLink>
            <SubmitButton name="intent" value="settings" pending={saving} pendingText="Saving...">
              Save Settings
            </SubmitButton>
          </div>
        </Form>
      </Card>

      {club.joinMode === "code" && inviteCode ? (
        <Card as="section" padding="md" aria-labelledby="code-heading">
          <h2 id="code-heading" className="mb-3 text-lg font-semibold">
            Invite Code
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <code className="select-all rounded bg-slate-100 px-3 py-2 font-mono text-lg" data-testid="invite-code">
              {inviteCode}
            </code>
            {hydrated ? (
              <Button
                variant="secondary"
                onClick={async () => {
                  await navigator.clipboard.writeText(inviteCode);
                  setCopied(true);
                }}
              >
                {copied ? "Copied!" : "Copy Code"}
              </Button>
            ) : null}
          </div>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
            <div>
              <Label htmlFor="new-code">New invite code</Label>
              <Input id="new-code" name="code" required minLength={4} maxLength={20} className="mt-1" />
            </div>
            <SubmitButton name="intent" value="invite-code" pending={savingCode} pendingText="Saving...">
              Change Code
            </SubmitButton>
          </Form>
        </Card>
      ) : null}

      <LogoCard club={club} />

      <ClubMembersCard members={members} />

      <Card as="section" padding="md" aria-labelledby="about-heading">
        <h2 id="about-heading" className="mb-2 text-lg font-semibold">
          What managers can do
        </h2>
        <p className="text-slate-700">
          Owners and admins approve or reject membership requests, change the club's settings and invite code, promote members to admin or
          make admins members again, name equipment managers (who keep the club's gear library), and remove members. Nobody can change or
          remove the owner.
        </p>
      </Card>
    </div>
  );
}

/** Club logo (ADR 037): a multipart form, so it works without JavaScript. */
function LogoCard({ club }: { club: { name: string; logoUrl: string | null } }) {
  const uploading = useIsPending({ intent: "logo" });
  return (
    <Card as="section" padding="md" aria-labelledby="logo-heading">
      <h2 id="logo-heading" className="mb-3 text-lg font-semibold">
        Club Logo
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {club.logoUrl ? (
          <img
            src={club.logoUrl}
            alt={`${club.name} logo`}
            className="h-16 w-16 shrink-0 rounded-full object-cover"
            data-testid="manage-logo"
          />
        ) : (
          <p className="text-slate-600">No logo yet: the club shows its initials.</p>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0">
          <Label htmlFor="club-logo">{club.logoUrl ? "Replace logo" : "Upload a logo"}</Label>
          <FileInput
            id="club-logo"
            name="logo"
            required
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="club-logo-help"
            className="mt-1 block w-full max-w-full"
          />
          <p id="club-logo-help" className="mt-1 text-sm text-slate-600">
            JPG, PNG or WebP, 10MB or smaller. Shown round, on the club page and its cards.
          </p>
        </div>
        <SubmitButton name="intent" value="logo" pending={uploading} pendingText="Uploading...">
          Upload Logo
        </SubmitButton>
      </Form>
    </Card>
  );
}
