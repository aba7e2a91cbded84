import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TeensSection } from "~/components/families/teens-section";
import { useLazyForm } from "~/components/forms/lazy-form";
import { Field } from "~/components/ui/forms";
import { Button } from "~/components/ui/button";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { RATE_LIMIT_MESSAGE } from "~/features/accounts/rate-limit.server";
import { teensSectionView } from "~/features/families/guardian-page.server";
import { inviteGuardian, unlinkGuardian } from "~/features/families/guardians.server";
import { GUARDIAN_TEXT } from "~/shared/copy/families";
import { getFormConstraint } from "~/shared/form-constraint";
import { GuardianActionSchema } from "~/shared/schemas/families";
import { pageMeta } from "~/web/meta";
import { revokeOversightRoom } from "~/features/realtime/rooms.server";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => pageMeta("Guardian — LockerSwap", "A teen's parent or guardian on LockerSwap.");

// A teen's 'Your guardian' (ask an adult by e-mail, see who confirmed) and a guardian's 'Teens'
// (ADR 092). Who sees what is the families feature's read, for the signed-in person only.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return {
    isMinor: Boolean(viewer.minor),
    view: await teensSectionView(context.db, viewer),
    words: { pending: GUARDIAN_TEXT.pending, linked: GUARDIAN_TEXT.linked, sent: GUARDIAN_TEXT.sent },
    constraint: getFormConstraint(GuardianActionSchema.options[0]),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: GuardianActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), failure: null as string | null }, { status: 400 });
  if (submission.value.intent === "unlink") {
    const ended = await unlinkGuardian(context.db, viewer, submission.value.linkId);
    // Not one's own link (or already ended): the same answer as a link that does not exist.
    if (!ended) throw data({ notFound: true }, { status: 404 });
    // The guardian's live view of the teen's conversations ends with the link (ADR 096).
    revokeOversightRoom(context, ended.teenId, ended.guardianId);
    return redirectWithToast(context, "/guardian", { title: "Unlinked", variant: "success" });
  }
  const result = await inviteGuardian(context, viewer, submission.value.email);
  if (!result.ok) {
    if (result.reason === "not_a_minor") throw data({ notFound: true }, { status: 404 });
    const failure = result.reason === "own_email" ? GUARDIAN_TEXT.ownEmail : RATE_LIMIT_MESSAGE;
    const result400 = submission.reply(result.reason === "own_email" ? { fieldErrors: { email: [failure] } } : { formErrors: [failure] });
    return data({ result: result400, failure }, { status: result.reason === "own_email" ? 400 : 429 });
  }
  return redirectWithToast(context, "/guardian", { title: "Email sent", description: GUARDIAN_TEXT.sent, variant: "success" });
}

/** Ends a link (the guardian's side; the teen's is the same form): a plain post, without JavaScript too. */
function UnlinkForm({ linkId, name }: { linkId: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="unlink" />
      <input type="hidden" name="linkId" value={linkId} />
      <Button type="submit" size="slim" variant="secondary">
        Unlink {name}
      </Button>
    </Form>
  );
}

export default function GuardianPage() {
  const { isMinor, view, words, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields, conform] = useLazyForm<{ intent: string; email: string }>({
    id: "guardian-invite",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
  });
  const busy = useIsPending({ intent: "invite" });
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{isMinor ? "Your guardian" : "Teens"}</h1>
      {view ? (
        <TeensSection view={view} words={words} manage={(teen) => <UnlinkForm {...teen} />} />
      ) : (
        <p className="text-slate-700">No teen has a confirmed link with you.</p>
      )}
      {view?.kind === "teen" && view.pendingEmails.length ? (
        <p className="text-sm text-slate-600" data-testid="pending-invites">
          Waiting for: {view.pendingEmails.join(", ")}
        </p>
      ) : null}
      {isMinor ? (
        <section aria-labelledby="ask-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="ask-title" className="text-lg font-semibold text-slate-900">
            Ask a parent or guardian
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
            {conform}
            <input type="hidden" name="intent" value="invite" />
            <Field label="Their email address" field={fields.email} inputProps={{ type: "email", autoComplete: "off" }} />
            {actionData?.failure && !fields.email.errors ? (
              <p role="alert" className="text-sm text-red-800">
                {actionData.failure}
              </p>
            ) : null}
            <SubmitButton pending={busy} pendingText="Sending..." className="w-full sm:w-auto">
              Send the email
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
