import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { hashToken } from "~/features/accounts/session.server";
import { acceptInvitation, invitationView, type InviteProblem } from "~/features/families/players.server";
import { AcceptInviteSchema } from "~/shared/schemas/family";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

// A second guardian's invitation (ADR 091). Opening the mail's link only shows a button — a mail
// scanner that prefetches it spends nothing (as e-mail verification) — and the button's POST accepts.
// Signed in as the address it was sent to, or nothing about the child is shown.

export const meta: MetaFunction = () => pageMeta("Guardian invitation — LockerSwap", "Accept an invitation to share a player's sizes.");

const PROBLEMS: Record<InviteProblem, string> = {
  invalid: "This invitation link is not valid.",
  expired: "This invitation has expired: ask for a new one.",
  used: "This invitation has already been accepted.",
  other_address: "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const seen = token.length >= 10 && token.length <= 200 ? await invitationView(context.db, viewer, await hashToken(token)) : null;
  return data(
    seen?.ok
      ? { token, firstName: seen.firstName, problem: null }
      : { token: null, firstName: null, problem: PROBLEMS[seen ? seen.reason : "invalid"] },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AcceptInviteSchema });
  if (submission.status !== "success") return data({ problem: PROBLEMS.invalid }, { status: 400 });
  const accepted = await acceptInvitation(context.db, viewer, await hashToken(submission.value.token));
  if (!accepted.ok) return data({ problem: PROBLEMS[accepted.reason] }, { status: 400 });
  return redirectWithToast(context, "/player-profile#family", { title: "You are now a guardian of this player", variant: "success" });
}

export default function InvitePage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card padding="lg">
        <h1 className="text-xl font-bold text-slate-900">Guardian invitation</h1>
        {page.token ? (
          <Form method="post" className="mt-4 space-y-4">
            <p className="text-slate-700">You were invited to share {page.firstName}&apos;s sizes and gear as their guardian.</p>
            <input type="hidden" name="token" value={page.token} />
            <Button type="submit" name="intent" value="accept">
              Accept
            </Button>
          </Form>
        ) : (
          <p className="mt-4 text-slate-700" role="alert">
            {page.problem}{" "}
            <Link to="/player-profile" className="font-medium text-brand-700 underline">
              Your profile
            </Link>
          </p>
        )}
      </Card>
    </div>
  );
}
