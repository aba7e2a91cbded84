import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormConstraint } from "~/shared/form-constraint";
import { useLazyForm } from "~/components/forms/lazy-form";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { resendVerification, verifyEmail } from "~/features/accounts/accounts.server";
import { clientIp, RATE_LIMIT_MESSAGE } from "~/features/accounts/rate-limit.server";
import { redirectWithToast } from "~/web/toast.server";
import { ResendSchema, VerifyEmailActionSchema } from "~/shared/schemas/auth";
import { knownIntent } from "~/shared/schemas/intent";
import { pageMeta } from "~/web/meta";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export const meta: MetaFunction = () =>
  pageMeta("Confirm your email — LockerSwap", "Confirm your email address to finish creating your LockerSwap account.");

const PROBLEMS = {
  expired: {
    title: "This confirmation link has expired",
    message: "Confirmation links work for 24 hours. Enter your email and we will send you a new one.",
  },
  used: {
    title: "This confirmation link has already been used",
    message: "If you already confirmed your email, you can sign in. Otherwise, ask for a new link below.",
  },
  invalid: {
    title: "This confirmation link is not valid",
    message: "Check that you opened the whole link from the email, or ask for a new one below.",
  },
} as const;
type Problem = keyof typeof PROBLEMS;

/**
 * The link in the confirmation mail: single use, expiring (spec 01 §4). Opening it only shows
 * a one-button confirm form — a mail scanner that prefetches the link must not spend it;
 * the button's POST does. Confirmed → /auth with 'Email confirmed'. Refused → this page says
 * why (the token leaves the URL) and offers a new link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  // The page holds a live token: no cache may keep it.
  const headers = { "Cache-Control": "no-store" };
  if (token !== null) return data({ token, problem: null, constraint: null }, { headers });
  const problem = url.searchParams.get("problem");
  // The resend form's HTML constraints travel with the page; zod loads on first input (ADR 032, 033).
  const constraint = getFormConstraint(ResendSchema);
  return data({ token: null, problem: (problem && problem in PROBLEMS ? problem : "invalid") as Problem, constraint }, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** 'Confirm my email' spends the token; 'Send a new link' is the same rate-limited, enumeration-free resend as on /auth. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: VerifyEmailActionSchema });
  const intent = submission.status === "success" ? submission.value.intent : knownIntent(VerifyEmailActionSchema, submission.payload);
  if (intent === "verify") {
    // A token that does not read as one is no token: the page says the link is not valid.
    const token = submission.status === "success" && submission.value.intent === "verify" ? submission.value.token : "";
    const result = await verifyEmail(context.db, token);
    if (result.ok) {
      return redirectWithToast(context, "/auth", {
        title: "Email confirmed",
        description: "Your account is ready. You can now sign in.",
        variant: "success",
      });
    }
    throw redirect(`/verify-email?${new URLSearchParams({ problem: result.reason })}`);
  }
  if (submission.status !== "success" || submission.value.intent !== "resend") {
    return data({ result: submission.reply(), sent: false, failure: null as string | null }, { status: 400 });
  }
  const result = await resendVerification(context, submission.value.email, { ip: clientIp(request) });
  if (!result.ok) return data({ result: submission.reply(), sent: false, failure: RATE_LIMIT_MESSAGE }, { status: 429 });
  return { result: submission.reply(), sent: true, failure: null };
}

function ConfirmEmail({ token }: { token: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="mx-auto max-w-md py-4">
      <section aria-labelledby="confirm-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="confirm-title" className="text-xl font-semibold text-slate-900">
          Confirm your email
        </h1>
        <p className="mt-2 text-slate-700">One more step: confirm that this is your email address to finish creating your account.</p>
        <Form method="post" action="/verify-email" className="mt-4">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" busy={busy} busyText="Confirming..." size="slim" className="w-full">
            Confirm my email
          </Button>
        </Form>
      </section>
    </div>
  );
}

export default function VerifyEmailPage() {
  const { token, problem } = useLoaderData<typeof loader>();
  if (token !== null) return <ConfirmEmail token={token} />;
  return <ResendLink problem={problem ?? "invalid"} />;
}

function ResendLink({ problem }: { problem: Problem }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { constraint } = useLoaderData<typeof loader>();
  const validation = useLazyValidation(() => import("~/components/forms/form-validators").then((module) => module.validateResend));
  const [form, fields, conform] = useLazyForm({
    id: "resend",
    lastResult: actionData?.result,
    constraint: constraint ?? undefined,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { title, message } = PROBLEMS[problem];
  return (
    <div className="mx-auto max-w-md py-4">
      <section aria-labelledby="verify-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="verify-title" className="text-xl font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-2 text-slate-700">{message}</p>

        {actionData?.sent ? (
          <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            If that address has an account waiting for confirmation, we sent it a new link. Check your inbox and spam folder.
          </p>
        ) : null}
        {actionData?.failure ? (
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {actionData.failure}
          </p>
        ) : null}

        <Form method="post" {...getFormProps(form)} onInput={validation.onInput} onFocus={validation.onFocus} className="mt-4 space-y-4">
          {conform}
          <input type="hidden" name="intent" value="resend" />
          <div>
            <Label htmlFor={fields.email.id}>Email</Label>
            <Input key={key} {...emailProps} autoComplete="email" className="mt-1 block w-full" />
            <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <Button type="submit" busy={busy} busyText="Sending..." size="slim" className="w-full">
            Send a new link
          </Button>
        </Form>

        <Link to="/auth" className="mt-5 block text-center text-sm font-medium text-slate-600 hover:text-brand-700">
          Go to sign in
        </Link>
      </section>
    </div>
  );
}
