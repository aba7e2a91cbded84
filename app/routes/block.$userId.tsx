import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { blockTargetFor, blockUser, unblockUser } from "~/features/moderation/block-actions.server";
import { safeRedirect } from "~/platform/security.server";
import { BLOCK_CONSEQUENCES, BLOCK_PAGE_TEXT as T, SAFETY_TEXT } from "~/shared/copy/safety";
import { BlockSchema } from "~/shared/schemas/block";
import { announceDealChanges } from "~/web/listing-deal-events.server";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

// Block or unblock a person (ADR 069): a confirmation page of its own that says what a block
// does, so every Block link is a plain <a> and it all works without JavaScript. The rules are the
// safety feature's (block-actions.server.ts); a suspended person may still block (the suspension
// gate lets POSTs to /block/{id} through). Afterwards: back to `redirectTo` — a path on this site
// (safeRedirect), else /player-profile — never to a page the block now hides.

export const meta: MetaFunction = () => pageMeta("Block — LockerSwap", "Block a person on LockerSwap, or unblock them.");

const DEFAULT_TARGET = "/player-profile";

const notFound = () => data({ message: T.notFound }, { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const person = await blockTargetFor(context.db, viewer, params.userId ?? "");
  if (!person) throw notFound();
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), DEFAULT_TARGET);
  // 'Cancel' goes back where the link was (it may be a page the block would hide, so it is its own parameter).
  const back = safeRedirect(url.searchParams.get("back"), redirectTo);
  return { person: { id: person.id, name: person.name, blocked: person.blocked }, self: person.id === viewer.id, redirectTo, back };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: BlockSchema });
  if (submission.status !== "success") return data({ error: "Choose Block or Unblock." }, { status: 400 });
  const person = await blockTargetFor(context.db, viewer, params.userId ?? "");
  if (!person) throw notFound();
  const to = safeRedirect(submission.value.redirectTo, DEFAULT_TARGET);

  if (submission.value.intent === "unblock") {
    const result = await unblockUser(context.db, viewer, person.id);
    if (!result.ok) throw notFound();
    return redirectWithToast(context, to, { title: SAFETY_TEXT.unblocked(person.name), variant: "success" }, { status: 303 });
  }

  const result = await blockUser(context.db, viewer, person.id);
  if (!result.ok) {
    if (result.error === "self")
      return redirectWithToast(context, to, { title: SAFETY_TEXT.blockSelf, variant: "destructive" }, { status: 303 });
    throw notFound();
  }
  // Both sides' pages and badges hear that the deals between them closed ('This deal was closed').
  announceDealChanges(context, result.closedDeals, "blocked");
  return redirectWithToast(context, to, { title: SAFETY_TEXT.blocked(person.name), variant: "success" }, { status: 303 });
}

export default function BlockPage() {
  const { person, self, redirectTo, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const blocking = useIsPending({ intent: "block" });
  const unblocking = useIsPending({ intent: "unblock" });
  return (
    <div className="mx-auto max-w-md py-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {self ? (
          <>
            <h1 className="text-xl font-semibold">{SAFETY_TEXT.blockSelf}</h1>
            <div className="mt-4 flex justify-end">
              <ButtonLink to={back} variant="secondary">
                {T.back}
              </ButtonLink>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">{person.blocked ? T.unblockTitle(person.name) : T.title(person.name)}</h1>
            {person.blocked ? (
              <p className="mt-2 text-slate-700">{T.unblockIntro}</p>
            ) : (
              <>
                <p className="mt-2 text-slate-700">{T.intro}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700" data-testid="block-consequences">
                  {BLOCK_CONSEQUENCES.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            {actionData && "error" in actionData ? (
              <p role="alert" className="mt-3 text-red-700">
                {actionData.error}
              </p>
            ) : null}
            <Form method="post" className="mt-4 flex flex-wrap justify-end gap-2">
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <ButtonLink to={back} variant="secondary">
                {T.cancel}
              </ButtonLink>
              {person.blocked ? (
                <SubmitButton name="intent" value="unblock" tone="primary" pending={unblocking} pendingText="Unblocking...">
                  {T.unblock(person.name)}
                </SubmitButton>
              ) : (
                <SubmitButton name="intent" value="block" tone="danger" pending={blocking} pendingText="Blocking...">
                  {T.block(person.name)}
                </SubmitButton>
              )}
            </Form>
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold">{T.notFound}</h1>
      <ButtonLink to="/" variant="secondary" className="mt-6">
        Back to Home
      </ButtonLink>
    </div>
  );
}
