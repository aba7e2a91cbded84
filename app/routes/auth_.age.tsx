import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLazyForm } from "~/components/forms/lazy-form";
import { SelectField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { ageBandOf } from "~/features/permissions/age";
import { safeRedirect } from "~/platform/security.server";
import { GOOGLE_AFTER_AGE_TOAST, UNDER_13 } from "~/shared/copy/families";
import { getFormConstraint } from "~/shared/form-constraint";
import { AgeStepSchema, BIRTH_YEAR_MIN } from "~/shared/schemas/age-step";
import { ageCookieFor } from "~/web/age-step.server";
import { pageMeta } from "~/web/meta";
import { getUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => pageMeta("Your age — LockerSwap", "Tell us when you were born to create a LockerSwap account.");

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

// The age step of sign-up (ADR 092): server-rendered, before any other detail is asked, so the
// e-mail form and Google's callback create an account only with a birth year and month of someone
// 13 or over. The sign-in page's JavaScript is not touched: this is a page of its own.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const url = new URL(request.url);
  const thisYear = new Date().getUTCFullYear();
  return data(
    {
      next: url.searchParams.get("next") === "google" ? ("google" as const) : ("signup" as const),
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
      years: Array.from({ length: thisYear - BIRTH_YEAR_MIN + 1 }, (_, i) => String(thisYear - i)),
      constraint: getFormConstraint(AgeStepSchema),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: AgeStepSchema });
  const noStore = { "Cache-Control": "no-store" };
  if (submission.status !== "success") return data({ result: submission.reply(), under13: false }, { status: 400, headers: noStore });
  const { birthYear, birthMonth, next } = submission.value;
  const birth = { year: birthYear, month: birthMonth };
  // Under 13: no account, and nothing kept — no cookie, no row, no log line; the answer does not
  // even repeat the values (spec: children are users; COPPA).
  if (ageBandOf(birth, new Date()) === "child") return data({ result: null, under13: true }, { headers: noStore });
  const redirectTo = safeRedirect(typeof formData.get("redirectTo") === "string" ? String(formData.get("redirectTo")) : "", "");
  const query = new URLSearchParams(redirectTo ? { redirectTo } : {});
  const headers = { "Set-Cookie": await ageCookieFor(context.env, birth), ...noStore };
  // Google goes on from /auth's 'Continue with Google' link: a redirect from this form's POST to the provider
  // would be blocked by CSP form-action 'self' (as /auth's link avoids for the same reason).
  if (next === "google") return redirectWithToast(context, `/auth${query.size ? `?${query}` : ""}`, GOOGLE_AFTER_AGE_TOAST, { headers });
  return redirect(`/auth?${new URLSearchParams({ tab: "signup", ...(redirectTo ? { redirectTo } : {}) })}`, { headers });
}

export default function AgeStep() {
  const { next, redirectTo, years, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields, conform] = useLazyForm<{ birthYear: string; birthMonth: string; next: string }>({
    id: "age",
    lastResult: actionData?.result ?? undefined,
    constraint,
    shouldValidate: "onSubmit",
  });
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-md py-4">
      <h1 className="text-center text-3xl font-bold text-slate-900">Sports marketplace</h1>
      <section aria-labelledby="age-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {actionData?.under13 ? (
          <div role="status">
            <h2 id="age-title" className="text-xl font-semibold text-slate-900">
              {UNDER_13.title}
            </h2>
            <p className="mt-2 text-slate-700">{UNDER_13.body}</p>
            <p className="mt-2 text-sm text-slate-600">{UNDER_13.nothingKept}</p>
          </div>
        ) : (
          <>
            <h2 id="age-title" className="text-xl font-semibold text-slate-900">
              When were you born?
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              We ask the year and month only, and never show them to anyone but you and, if you are under 18, your parent or guardian.
            </p>
            {/* Going on to Google leaves the app: a document submit, so its redirect is followed by the browser. */}
            <Form method="post" reloadDocument={next === "google"} {...getFormProps(form)} className="mt-4 space-y-4">
              {conform}
              <input type="hidden" name="next" value={next} />
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <div className="grid grid-cols-2 gap-3">
                <SelectField
                  label="Birth month"
                  field={fields.birthMonth}
                  placeholder="Month"
                  options={MONTHS.map((label, i) => ({ value: String(i + 1), label }))}
                />
                <SelectField
                  label="Birth year"
                  field={fields.birthYear}
                  placeholder="Year"
                  options={years.map((y) => ({ value: y, label: y }))}
                />
              </div>
              <SubmitButton pending={busy} pendingText="Continuing..." className="w-full">
                Continue
              </SubmitButton>
            </Form>
          </>
        )}
        <Link to="/auth" className="mt-5 block text-center text-sm font-medium text-slate-600 hover:text-brand-700">
          ← Back to sign in
        </Link>
      </section>
    </div>
  );
}
