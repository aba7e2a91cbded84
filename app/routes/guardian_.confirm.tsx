import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/status-button";
import { confirmGuardian } from "~/features/families/guardians.server";
import { GUARDIAN_TEXT } from "~/shared/copy/families";
import { GuardianConfirmSchema } from "~/shared/schemas/families";
import { pageMeta } from "~/web/meta";
import { getUser, requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => pageMeta("Confirm a guardian — LockerSwap", GUARDIAN_TEXT.confirmTitle);

type Problem = keyof typeof GUARDIAN_TEXT.problem;

/**
 * The link in a teen's guardian mail (ADR 092). Opening it only shows a one-button form — a mail
 * scanner that prefetches the link spends nothing; the button's POST, signed in as the invited
 * adult, makes the link. Signed out: sign in (or create an account) first, then back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const problem = url.searchParams.get("problem");
  const headers = { "Cache-Control": "no-store" };
  const viewer = await getUser(request, context);
  return data(
    {
      token,
      signedIn: Boolean(viewer),
      problem: problem && problem in GUARDIAN_TEXT.problem ? GUARDIAN_TEXT.problem[problem as Problem] : null,
      back: `/auth?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`,
      text: { title: GUARDIAN_TEXT.confirmTitle, body: GUARDIAN_TEXT.confirmBody },
    },
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: GuardianConfirmSchema });
  const token = submission.status === "success" ? submission.value.token : "";
  const result = await confirmGuardian(context.db, viewer, token);
  if (!result.ok) throw redirect(`/guardian/confirm?${new URLSearchParams({ problem: result.reason })}`, 303);
  return redirectWithToast(context, "/guardian", { title: "You are now their guardian", variant: "success" });
}

export default function ConfirmGuardian() {
  const { token, signedIn, problem, back, text } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-md py-4">
      <section aria-labelledby="confirm-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="confirm-title" className="text-xl font-semibold text-slate-900">
          {problem ? "This link did not work" : text.title}
        </h1>
        {problem ? (
          <p role="alert" className="mt-2 text-slate-700">
            {problem}
          </p>
        ) : (
          <p className="mt-2 text-slate-700">{text.body}</p>
        )}
        {!problem && token ? (
          signedIn ? (
            <Form method="post" action="/guardian/confirm" className="mt-4">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" busy={busy} busyText="Confirming..." size="slim" className="w-full">
                Confirm I am their guardian
              </Button>
            </Form>
          ) : (
            <ButtonLink to={back} size="slim" className="mt-4 w-full">
              Sign in to confirm
            </ButtonLink>
          )
        ) : null}
      </section>
    </div>
  );
}
