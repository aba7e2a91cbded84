import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClubHeader } from "~/components/clubs/club-header";
import { InviteCodePageForm } from "~/components/clubs/club-invite-code";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { clubDenialResponse, requireClubPermission } from "~/web/guards.server";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { getUser } from "~/web/session.server";
import { answerMembership, handleInviteCode, type InviteCodeActionData } from "~/web/club-membership.server";
import { photoUrl } from "~/features/photos/urls";
import { JoinPageActionSchema } from "~/shared/schemas/club-join";
import { knownIntent } from "~/shared/schemas/intent";
import { parseWithZod } from "@conform-to/zod/v4";
import { Card } from "~/components/ui/card";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

// The invite-code form as a page of its own (02 §2 "Invite code dialog"): what 'Enter Invite Code'
// opens without JavaScript; the dialog posts here too.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Enter Invite Code — ${data.club.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
  { name: "description", content: "Enter the invite code you were given to join this club on LockerSwap." },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  const access = await getClubAccess(context.db, viewer, params.slug ?? "");
  // 404 when invisible, /auth when signed out, back to the club with the reason otherwise.
  await requireClubPermission(context, access, "joinWithCode");
  const { club } = access!;
  return {
    club: {
      slug: club.slug,
      name: club.name,
      type: club.type,
      sport: club.sport,
      city: club.city,
      state: club.state,
      logoUrl: club.logoKey ? photoUrl(club.logoKey) : null,
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await getUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: JoinPageActionSchema });
  if (knownIntent(JoinPageActionSchema, submission.payload) === null) {
    const access = await getClubAccess(context.db, viewer, params.slug ?? "");
    await requireClubPermission(context, access, "view");
    throw await clubDenialResponse(context, access!, "forbidden");
  }
  return answerMembership(context, await handleInviteCode(context, viewer, params.slug ?? "", submission));
}

export default function JoinWithCode() {
  const { club } = useLoaderData<typeof loader>();
  const actionData = useActionData<InviteCodeActionData>();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={`/club/${club.slug}`} className="text-sm font-medium text-brand-700 underline">
        Back to {club.name}
      </Link>
      <ClubHeader club={club} />
      <Card padding="md">
        <h2 className="mb-3 text-lg font-semibold">Enter Invite Code</h2>
        <InviteCodePageForm action={`/club/${club.slug}/join`} lastResult={actionData} />
      </Card>
    </div>
  );
}
