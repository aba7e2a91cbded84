import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClubHeader } from "~/components/clubs/club-header";
import { PostRequestForm } from "~/components/clubs/item-request-form";
import { useIsPending } from "~/components/ui/status-button";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { requireClubPermission } from "~/web/guards.server";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { REQUEST_TEXT } from "~/shared/copy/item-requests";
import { handleItemRequestPost } from "~/web/item-requests.server";
import { getUser } from "~/web/session.server";
import { photoUrl } from "~/features/photos/urls";
import { PostRequestSchema } from "~/shared/schemas/item-request";
import { getFormConstraint } from "~/shared/form-constraint";
import type { PostRequestActionData } from "~/shared/schemas/item-request";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";
// The page posts to itself with the requests action, so a refused field comes back here with what
// was typed (the dialog posts to /club/{slug}/requests with a fetcher instead).
export async function action(args: ActionFunctionArgs) {
  return handleItemRequestPost(args);
}

// The 'Post a Request' dialog as a page of its own (02 §2 On the Radar): what 'New Request' opens
// without JavaScript.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${REQUEST_TEXT.dialogTitle} — ${data.club.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
  { name: "description", content: "Tell your club what gear you are looking for: post an item request on LockerSwap." },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  await requireClubPermission(context, access, "postRequest");
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
    // The row id of the request this page will post (ADR 042 §Idempotency): a resubmit stores one row.
    requestId: crypto.randomUUID(),
    // The form's HTML constraints; zod loads on its first input (ADR 032, 033).
    constraint: getFormConstraint(PostRequestSchema),
  };
}

export default function PostRequestPage() {
  const { club, requestId, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<PostRequestActionData>();
  const pending = useIsPending({ intent: "post" });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={`/club/${club.slug}?tab=radar`} className="text-sm font-medium text-brand-700 underline">
        Back to {club.name}
      </Link>
      <ClubHeader club={club} />
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="mb-3 text-lg font-semibold">{REQUEST_TEXT.dialogTitle}</h2>
        <PostRequestForm
          action={`/club/${club.slug}/requests/new`}
          requestId={requestId}
          lastResult={actionData}
          pending={pending}
          FormComponent={Form}
          constraint={constraint}
        />
      </div>
    </div>
  );
}
