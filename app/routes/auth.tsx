import { getFormProps } from "@conform-to/react";
import { TRUST_TEXT } from "~/shared/copy/trust";
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormConstraint } from "~/shared/form-constraint";
import { useLazyForm } from "~/components/forms/lazy-form";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { DefaultSubmit, Field, PasswordField } from "~/components/ui/forms";
import { showToast } from "~/components/layout/toaster";
import { Button, ButtonLink } from "~/components/ui/button";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { fillLocationFromZip, resendVerification, safeRedirect, signIn, signUp } from "~/features/accounts/accounts.server";
import { isGoogleConfigured } from "~/features/accounts/google-auth.server";
import { clientIp, RATE_LIMIT_MESSAGE } from "~/features/accounts/rate-limit.server";
import { createSession, getUser } from "~/web/session.server";
import { birthFromRequest, clearAgeCookie } from "~/web/age-step.server";
import { redirectWithToast, toastCookie } from "~/web/toast.server";
import { AuthActionSchema, AuthPasswordToggleSchema, SignInSchema, SignUpSchema, type AuthIntent } from "~/shared/schemas/auth";
import { knownIntent } from "~/shared/schemas/intent";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("Sign in — LockerSwap", "Sign in or create a free LockerSwap account to see prices, message sellers and list your gear.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "signup" ? ("signup" as const) : ("signin" as const);
  // Sign-up starts with the age step (ADR 092): the form is shown once a birth month is known.
  if (tab === "signup" && !url.searchParams.get("sent") && !(await birthFromRequest(request, context.env))) throw redirect(ageStep(url));
  return {
    tab,
    sent: url.searchParams.get("sent"),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    googleConfigured: isGoogleConfigured(context.env),
    // Computed here so zod stays out of the page's first load (the parser loads on first input).
    constraints: { signin: getFormConstraint(SignInSchema), signup: getFormConstraint(SignUpSchema) },
  };
}

/** /auth/age, keeping a safe `redirectTo`. */
function ageStep(url: URL) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  return redirectTo ? `/auth/age?${new URLSearchParams({ redirectTo })}` : "/auth/age";
}

type Failure = { title: string; message: string; unverifiedEmail?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const info = { ip: clientIp(request) };

  // The password toggle without JavaScript: the same form again, values kept, password shown or
  // hidden. The answer holds the password, so it must not be stored anywhere.
  const toggle = parseWithZod(formData, { schema: AuthPasswordToggleSchema });
  if (toggle.status === "success") {
    return data(
      {
        intent: toggle.value.intent,
        result: toggle.reply(),
        failure: null as Failure | null,
        showPassword: toggle.value.togglePassword === "show",
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  let submission = parseWithZod(formData, { schema: AuthActionSchema });
  // The server half of the ZIP lookup: a sign-up whose city or state is empty gets them from the ZIP.
  if (
    submission.status !== "success" &&
    knownIntent(AuthActionSchema, submission.payload) === "signup" &&
    (submission.error?.city || submission.error?.state)
  ) {
    const field = (name: string) => (typeof submission.payload[name] === "string" ? (submission.payload[name] as string) : "");
    const filled = await fillLocationFromZip(context.db, { zipCode: field("zipCode").trim(), city: field("city"), state: field("state") });
    formData.set("city", filled.city);
    formData.set("state", filled.state);
    submission = parseWithZod(formData, { schema: AuthActionSchema });
  }
  if (submission.status !== "success") {
    // A body naming no intent of ours is answered as the sign-in form, the page's default.
    const intent = knownIntent(AuthActionSchema, submission.payload) ?? "signin";
    return data({ intent, result: submission.reply({ hideFields: ["password"] }), failure: null as Failure | null }, { status: 400 });
  }
  const form = submission.value;

  if (form.intent === "signup") {
    // No account without the age step's birth month (ADR 092); an expired step is asked again.
    const birth = await birthFromRequest(request, context.env);
    if (!birth) return redirect("/auth/age", 303);
    const result = await signUp(context, { ...form, birth }, info);
    if (!result.ok && result.reason === "disposable_email") {
      // Said on the e-mail field, the entered values back (ADR 095); the check and its words are the server's.
      const reply = submission.reply({ fieldErrors: { email: [TRUST_TEXT.disposableEmail] }, hideFields: ["password"] });
      return data({ intent: form.intent, result: reply, failure: null as Failure | null }, { status: 400 });
    }
    if (!result.ok) {
      const failure: Failure = { title: "Sign up failed", message: RATE_LIMIT_MESSAGE };
      return data({ intent: form.intent, result: submission.reply({ hideFields: ["password"] }), failure }, { status: 429 });
    }
    return redirectWithToast(
      context,
      `/auth?${new URLSearchParams({ tab: "signup", sent: result.email })}`,
      { title: "Check your email", description: "We sent you a confirmation link to complete your registration.", variant: "success" },
      { headers: { "Set-Cookie": await clearAgeCookie(context.env) } },
    );
  }

  if (form.intent === "resend") {
    const result = await resendVerification(context, form.email, info);
    if (!result.ok) {
      const failure: Failure = { title: "Sign in failed", message: RATE_LIMIT_MESSAGE };
      return data({ intent: "signin" as AuthIntent, result: submission.reply(), failure }, { status: 429 });
    }
    return redirectWithToast(context, "/auth", {
      title: "Check your email",
      description: "If your account still needs confirming, we sent you a new confirmation link.",
      variant: "success",
    });
  }

  const result = await signIn(context, form, info);
  if (!result.ok) {
    const failure: Failure =
      result.reason === "rate_limited"
        ? { title: "Sign in failed", message: RATE_LIMIT_MESSAGE }
        : result.reason === "unverified"
          ? {
              title: "Sign in failed",
              message: "Please confirm your email address before signing in. Check your inbox for the confirmation link.",
              unverifiedEmail: form.email,
            }
          : { title: "Sign in failed", message: "Invalid email or password." };
    return data(
      { intent: form.intent, result: submission.reply({ hideFields: ["password"] }), failure },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(context, result.userId, request));
  headers.append("Set-Cookie", await toastCookie(context, { title: "Signed in", description: "Welcome back!", variant: "success" }));
  return redirect(safeRedirect(form.redirectTo), { headers });
}

// The sign-up form (ZIP lookup, state combobox) is not in the sign-in page's first load (ADR 033):
// it loads when the Sign Up tab is shown or pointed at; the server renders it whole either way.
const loadSignUpForm = () => import("~/components/accounts/sign-up-form");
const SignUpForm = lazy(loadSignUpForm);
const preloadSignUpForm = () => {
  loadSignUpForm().catch(() => {}); // rendering the tab retries and shows the real error
};

export default function AuthPage() {
  const { tab, sent, redirectTo, googleConfigured, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const signUpResult = useLastResult("signup");
  const signUpPasswordToggled = usePasswordToggled("signup");
  const activeTab = actionData?.intent === "signup" ? "signup" : actionData?.intent === "signin" ? "signin" : tab;

  // With JavaScript, a failure also shows as a toast; without it, the inline alert carries it.
  useEffect(() => {
    if (actionData?.failure)
      showToast({ title: actionData.failure.title, description: actionData.failure.message, variant: "destructive" });
  }, [actionData]);

  const tabHref = (name: string) => `/auth?${new URLSearchParams({ tab: name, ...(redirectTo ? { redirectTo } : {}) })}`;
  return (
    <div className="mx-auto max-w-md py-4">
      <h1 className="text-center text-3xl font-bold text-slate-900">Sports marketplace</h1>
      <section aria-labelledby="welcome" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="welcome" className="text-center text-xl font-semibold">
          Welcome
        </h2>
        <nav aria-label="Sign in or sign up" className="mt-4 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {(["signin", "signup"] as const).map((name) => (
            <Link
              key={name}
              to={tabHref(name)}
              replace
              aria-current={activeTab === name ? "page" : undefined}
              // The sign-up form is its own chunk: fetch it as soon as the tab is pointed at.
              onPointerEnter={name === "signup" ? preloadSignUpForm : undefined}
              onFocus={name === "signup" ? preloadSignUpForm : undefined}
              className={`flex min-h-11 items-center justify-center rounded-md px-3 py-2 text-center focus-visible:outline-2 focus-visible:outline-brand-600 ${
                activeTab === name ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
              }`}
            >
              {name === "signin" ? "Sign In" : "Sign Up"}
            </Link>
          ))}
        </nav>

        {googleConfigured ? (
          // A plain link, not a form: without JavaScript, CSP form-action 'self' would block a form
          // POST that redirects to the provider. /auth/google starts the flow on GET.
          <ButtonLink
            reloadDocument
            to={redirectTo ? `/auth/google?${new URLSearchParams({ redirectTo })}` : "/auth/google"}
            variant="secondary"
            className="mt-5 w-full gap-2 font-medium"
          >
            Continue with Google
          </ButtonLink>
        ) : (
          <Form method="post" action="/auth/google" className="mt-5">
            <Button type="submit" disabled variant="secondary" className="w-full gap-2 font-medium">
              Google sign-in is not set up
            </Button>
          </Form>
        )}
        <div className="my-4 flex items-center gap-3 text-xs font-semibold text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          OR
          <span className="h-px flex-1 bg-slate-200" />
        </div>

        {actionData?.failure ? (
          <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{actionData.failure.title}</p>
            <p className="mt-1">{actionData.failure.message}</p>
            {actionData.failure.unverifiedEmail ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="email" value={actionData.failure.unverifiedEmail} />
                <Button type="submit" variant="link">
                  Resend confirmation email
                </Button>
              </Form>
            ) : null}
          </div>
        ) : null}

        {activeTab === "signin" ? (
          <SignInForm key="signin" redirectTo={redirectTo} />
        ) : (
          <Suspense fallback={null}>
            <SignUpForm key="signup" lastResult={signUpResult} passwordToggled={signUpPasswordToggled} constraint={constraints.signup} />
          </Suspense>
        )}

        <Link to="/" className="mt-5 block text-center text-sm font-medium text-slate-600 hover:text-brand-700">
          ← Back to marketplace
        </Link>
      </section>
      {sent ? <CheckEmailDialog email={sent} /> : null}
    </div>
  );
}

type LastResult = NonNullable<ReturnType<typeof useActionData<typeof action>>>["result"];

function useLastResult(intent: string): LastResult | undefined {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** After the no-JavaScript password toggle: whether the password is to be shown; else undefined. */
function usePasswordToggled(intent: string): boolean | undefined {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent && "showPassword" in actionData ? actionData.showPassword === true : undefined;
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const signInValidation = useLazyValidation(() => import("~/components/forms/auth-validation").then((m) => m.validateSignIn));
  const [form, fields, conform] = useLazyForm({
    id: "signin",
    lastResult: useLastResult("signin"),
    constraint: useLoaderData<typeof loader>().constraints.signin,
    onValidate: signInValidation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const passwordToggled = usePasswordToggled("signin");
  const busy = useIsPending({ intent: "signin" });
  return (
    <Form method="post" {...getFormProps(form)} onInput={signInValidation.onInput} className="space-y-4">
      {conform}
      <DefaultSubmit />
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field label="Email" field={fields.email} inputProps={{ type: "email", autoComplete: "email" }} />
      <PasswordField field={fields.password} autoComplete="current-password" toggled={passwordToggled} />
      <SubmitButton pending={busy} pendingText="Signing in..." className="w-full">
        Sign In
      </SubmitButton>
    </Form>
  );
}

/** Shown after sign-up (01 §2); a server-rendered state of /auth, so it works without JavaScript. */
function CheckEmailDialog({ email }: { email: string }) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [location.key]);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="check-email-title"
        className="w-full max-w-sm rounded-xl bg-white p-6 text-center shadow-xl"
      >
        <h2 id="check-email-title" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          Check Your Email
        </h2>
        <p className="mt-3 text-slate-700">
          We sent a confirmation link to <strong className="break-all">{email}</strong>.
        </p>
        <p className="mt-2 text-slate-700">Click the link in the email to verify your account.</p>
        <p className="mt-2 text-sm text-slate-500">Don't see it? Check your spam folder.</p>
        <ButtonLink to="/" size="slim" className="mt-5 w-full">
          Got it, thanks!
        </ButtonLink>
      </div>
    </div>
  );
}
