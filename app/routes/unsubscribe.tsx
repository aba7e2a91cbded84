import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { applyUnsubscribe, unsubscribeTarget, type UnsubscribeTarget } from "~/features/notifications/unsubscribe.server";
import { verifyUnsubscribeToken } from "~/features/notifications/unsubscribe-token.server";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () => pageMeta("Unsubscribe — LockerSwap", "Stop e-mails about new matches for your saved searches.");

// The page and its answer hold a live token: no cache may keep them.
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The token comes in the URL (the link in the mail, and RFC 8058's one-click POST, which a mail
 * client sends to the List-Unsubscribe URL with the body `List-Unsubscribe=One-Click`) or in the
 * page's form. Nothing else is read.
 */
const UnsubscribeSchema = z.object({
  token: z.string().max(1000).optional(),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});

const what = (target: UnsubscribeTarget) =>
  target.kind === "matches"
    ? "e-mails about new matches for your saved searches"
    : target.name
      ? `e-mails about new matches for “${target.name}”`
      : "e-mails about this saved search";

/**
 * Opening the link only shows what it will stop and one button: a mail scanner that fetches links
 * must not unsubscribe anyone. Signed out works: the signed token says who (ADR 071).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const claims = await verifyUnsubscribeToken(context.env.SESSION_SECRET, token);
  if (claims === null || claims === "expired")
    return data({ valid: false as const, expired: claims === "expired", token: null, what: null }, { status: 400, headers: NO_STORE });
  return data(
    { valid: true as const, expired: false, token, what: what(await unsubscribeTarget(context.db, claims)) },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: UnsubscribeSchema });
  const token =
    (submission.status === "success" ? submission.value.token : undefined) ?? new URL(request.url).searchParams.get("token") ?? "";
  const claims = await verifyUnsubscribeToken(context.env.SESSION_SECRET, token);
  if (claims === null || claims === "expired")
    return data({ done: false as const, expired: claims === "expired", what: null }, { status: 400, headers: NO_STORE });
  return data({ done: true as const, what: what(await applyUnsubscribe(context.db, claims)) }, { headers: NO_STORE });
}

export default function Unsubscribe() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md py-4">
      <section aria-labelledby="unsubscribe-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="unsubscribe-title" className="text-xl font-semibold text-slate-900">
          {result?.done ? "You are unsubscribed" : "Unsubscribe"}
        </h1>
        {result?.done ? (
          <p role="status" className="mt-2 text-slate-700">
            You will no longer get {result.what}. New matches still show in your notifications on LockerSwap.
          </p>
        ) : page.valid && !result ? (
          <>
            <p className="mt-2 text-slate-700">Stop {page.what}?</p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="token" value={page.token} />
              <Button type="submit" busy={busy} busyText="Unsubscribing..." size="slim" className="w-full">
                Unsubscribe
              </Button>
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-2 text-slate-700">
            {(result ?? page).expired
              ? "This unsubscribe link has expired. Sign in to turn e-mails off for a search on your saved searches."
              : "This unsubscribe link is not valid. Check that you opened the whole link from the e-mail, or turn e-mails off for a search on your saved searches."}
          </p>
        )}
        <Link to="/saved-searches" className="mt-5 block text-center text-sm font-medium text-slate-600 hover:text-brand-700">
          Your saved searches
        </Link>
      </section>
    </div>
  );
}
