import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { ButtonLink } from "~/components/ui/button";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { requireClubPermission } from "~/web/guards.server";
import { CLUB_ERRORS, CLUB_TEXT } from "~/shared/copy/clubs";
import { getUser } from "~/web/session.server";
import { answerMembership, handleMembershipPost } from "~/web/club-membership.server";
import { Card } from "~/components/ui/card";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

// The leave confirmation as a page (what 'Leave Group' links to without JavaScript; with it,
// the kit's ConfirmDialog asks the same question in place).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Leave ${data.club.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
  { name: "description", content: "Confirm that you want to leave this club." },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  const access = await requireClubPermission(context, await getClubAccess(context.db, viewer, params.slug ?? ""), "leave");
  return { club: { slug: access.club.slug, name: access.club.name } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who is asking, once, before anything else (a suspended person's POST stops here).
  const viewer = await getUser(request, context);
  return answerMembership(context, await handleMembershipPost(context, viewer, params.slug ?? "", await request.formData()));
}

export default function LeaveClub() {
  const { club } = useLoaderData<typeof loader>();
  const pending = useIsPending({ intent: "leave" });
  return (
    <div className="mx-auto max-w-md py-6">
      <Card padding="xl">
        <h1 className="text-xl font-semibold">Leave {club.name}</h1>
        <p className="mt-2 text-slate-700">{CLUB_TEXT.leaveConfirm}</p>
        <Form method="post" className="mt-4 flex flex-wrap justify-end gap-2">
          <ButtonLink to={`/club/${club.slug}`} variant="secondary">
            Cancel
          </ButtonLink>
          <SubmitButton name="intent" value="leave" tone="danger" pending={pending} pendingText="Leaving...">
            Leave Group
          </SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
