import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { US_STATES } from "~/catalog/us-states";
import { showToast } from "~/components/toaster";
import { fillLocationFromZip, resendVerification, safeRedirect, signIn, signUp } from "~/domain/accounts.server";
import { isGoogleConfigured } from "~/domain/google-auth.server";
import { clientIp, RATE_LIMIT_MESSAGE } from "~/domain/rate-limit.server";
import { createSession, getUser } from "~/domain/session.server";
import { redirectWithToast, toastCookie } from "~/lib/toast.server";
import { cleanZipInput, PasswordToggleSchema, ResendSchema, SignInSchema, SignUpSchema } from "~/schemas/auth";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Sign in — LockerSwap", "Sign in or create a free LockerSwap account to see prices, message sellers and list your gear.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const url = new URL(request.url);
  return {
    tab: url.searchParams.get("tab") === "signup" ? ("signup" as const) : ("signin" as const),
    sent: url.searchParams.get("sent"),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    googleConfigured: isGoogleConfigured(context.env),
  };
}

type Failure = { title: string; message: string; unverifiedEmail?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const info = { ip: clientIp(request), origin: new URL(request.url).origin };

  // The password toggle without JavaScript: the same form again, values kept, password shown or
  // hidden. The answer holds the password, so it must not be stored anywhere.
  const toggle = formData.get("togglePassword");
  if ((intent === "signin" || intent === "signup") && (toggle === "show" || toggle === "hide")) {
    const submission = parseWithZod(formData, { schema: PasswordToggleSchema });
    return data(
      { intent, result: submission.reply(), failure: null as Failure | null, showPassword: toggle === "show" },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "signup") {
    // The server half of the ZIP lookup: city and state left empty are filled from the ZIP.
    const filled = await fillLocationFromZip(context.db, {
      zipCode: String(formData.get("zipCode") ?? "").trim(),
      city: String(formData.get("city") ?? ""),
      state: String(formData.get("state") ?? ""),
    });
    formData.set("city", filled.city);
    formData.set("state", filled.state);
    const submission = parseWithZod(formData, { schema: SignUpSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }), failure: null as Failure | null }, { status: 400 });
    }
    const result = await signUp(context, submission.value, info);
    if (!result.ok) {
      const failure: Failure = { title: "Sign up failed", message: RATE_LIMIT_MESSAGE };
      return data({ intent, result: submission.reply({ hideFields: ["password"] }), failure }, { status: 429 });
    }
    return redirectWithToast(context, `/auth?${new URLSearchParams({ tab: "signup", sent: result.email })}`, {
      title: "Check your email",
      description: "We sent you a confirmation link to complete your registration.",
      variant: "success",
    });
  }

  if (intent === "resend") {
    const submission = parseWithZod(formData, { schema: ResendSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(), failure: null as Failure | null }, { status: 400 });
    }
    const result = await resendVerification(context, submission.value.email, info);
    if (!result.ok) {
      const failure: Failure = { title: "Sign in failed", message: RATE_LIMIT_MESSAGE };
      return data({ intent: "signin", result: submission.reply(), failure }, { status: 429 });
    }
    return redirectWithToast(context, "/auth", {
      title: "Check your email",
      description: "If your account still needs confirming, we sent you a new confirmation link.",
      variant: "success",
    });
  }

  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data({ intent: "signin", result: submission.reply({ hideFields: ["password"] }), failure: null as Failure | null }, { status: 400 });
  }
  const result = await signIn(context, submission.value, info);
  if (!result.ok) {
    const failure: Failure =
      result.reason === "rate_limited"
        ? { title: "Sign in failed", message: RATE_LIMIT_MESSAGE }
        : result.reason === "unverified"
          ? {
              title: "Sign in failed",
              message: "Please confirm your email address before signing in. Check your inbox for the confirmation link.",
              unverifiedEmail: submission.value.email,
            }
          : { title: "Sign in failed", message: "Invalid email or password." };
    return data(
      { intent: "signin", result: submission.reply({ hideFields: ["password"] }), failure },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(context, result.userId, request));
  headers.append("Set-Cookie", await toastCookie(context, { title: "Signed in", description: "Welcome back!", variant: "success" }));
  return redirect(safeRedirect(submission.value.redirectTo), { headers });
}

const googleButtonClass =
  "flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function AuthPage() {
  const { tab, sent, redirectTo, googleConfigured } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const activeTab = actionData?.intent === "signup" ? "signup" : actionData?.intent === "signin" ? "signin" : tab;

  // With JavaScript, a failure also shows as a toast; without it, the inline alert carries it.
  useEffect(() => {
    if (actionData?.failure) showToast({ title: actionData.failure.title, description: actionData.failure.message, variant: "destructive" });
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
          <a href={redirectTo ? `/auth/google?${new URLSearchParams({ redirectTo })}` : "/auth/google"} className={`mt-5 ${googleButtonClass}`}>
            Continue with Google
          </a>
        ) : (
          <Form method="post" action="/auth/google" className="mt-5">
            <button type="submit" disabled className={googleButtonClass}>
              Google sign-in is not set up
            </button>
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
                <button type="submit" className="font-medium text-red-900 underline focus-visible:outline-2 focus-visible:outline-brand-600">
                  Resend confirmation email
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}

        {activeTab === "signin" ? (
          <SignInForm key="signin" redirectTo={redirectTo} />
        ) : (
          <SignUpForm key="signup" />
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
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signin",
    lastResult: useLastResult("signin"),
    constraint: getZodConstraint(SignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const passwordToggled = usePasswordToggled("signin");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signin";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <DefaultSubmit />
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <PasswordField field={fields.password} autoComplete="current-password" toggled={passwordToggled} />
      <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
    </Form>
  );
}

function SignUpForm() {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "signup",
    lastResult: useLastResult("signup"),
    constraint: getZodConstraint(SignUpSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [lookingUp, setLookingUp] = useState(false);
  const lookup = useRef<AbortController | null>(null);

  async function onZipInput(event: React.FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const cleaned = cleanZipInput(input.value);
    if (cleaned !== input.value) input.value = cleaned;
    lookup.current?.abort();
    if (cleaned.length !== 5) return setLookingUp(false);
    const controller = new AbortController();
    lookup.current = controller;
    setLookingUp(true);
    try {
      const response = await fetch(`/api/zip/${cleaned}`, { signal: controller.signal });
      const found = (await response.json()) as { ok: boolean; city?: string; state?: string };
      if (found.ok && found.city && found.state) {
        form.update({ name: fields.city.name, value: found.city });
        form.update({ name: fields.state.name, value: found.state });
      }
    } catch {
      // 01 §8: a failed ZIP lookup is not shown; the user types city and state.
    } finally {
      if (lookup.current === controller) setLookingUp(false);
    }
  }

  const passwordToggled = usePasswordToggled("signup");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <DefaultSubmit />
      <input type="hidden" name="intent" value="signup" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" field={fields.firstName} autoComplete="given-name" />
        <TextField label="Last Name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <PasswordField field={fields.password} autoComplete="new-password" toggled={passwordToggled} />
      <TextField
        label="ZIP Code"
        field={fields.zipCode}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        onInput={onZipInput}
        hint={lookingUp ? <span role="status">Looking up location...</span> : null}
      />
      <TextField label="City/Town" field={fields.city} autoComplete="address-level2" />
      {hydrated ? <StateCombobox field={fields.state} onPick={(code) => form.update({ name: fields.state.name, value: code })} /> : <StateSelect field={fields.state} />}
      <SubmitButton busy={busy} label="Sign Up" busyLabel="Creating account..." />
    </Form>
  );
}

const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-500";

function FieldErrors({ field }: { field: FieldMetadata<string> }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm text-red-600">
      {field.errors[0]}
    </p>
  );
}

function TextField({
  label,
  field,
  type = "text",
  hint,
  ...rest
}: {
  label: string;
  field: FieldMetadata<string>;
  type?: "text" | "email";
  hint?: ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "defaultValue" | "form">) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input key={key} {...props} {...rest} className={inputClass} />
      {hint ? <p className="mt-1 text-sm text-slate-500">{hint}</p> : null}
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * The password with a show/hide toggle. With JavaScript the toggle flips the input type in place.
 * Without it (and before hydration) the toggle is a submit button: the server renders the form
 * again with the values kept and the password shown or hidden (`togglePassword`), and focus comes
 * back to the toggle.
 */
function PasswordField({ field, autoComplete, toggled }: { field: FieldMetadata<string>; autoComplete: string; toggled?: boolean }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(toggled ?? false);
  const { key, ...props } = getInputProps(field, { type: visible ? "text" : "password" });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        Password
      </label>
      <div className="relative">
        <input key={key} {...props} autoComplete={autoComplete} className={`${inputClass} pr-16`} />
        <button
          type={hydrated ? "button" : "submit"}
          name={hydrated ? undefined : "togglePassword"}
          value={hydrated ? undefined : visible ? "hide" : "show"}
          formNoValidate
          autoFocus={toggled !== undefined}
          onClick={hydrated ? () => setVisible((v) => !v) : undefined}
          aria-pressed={visible}
          aria-controls={field.id}
          className="absolute right-0 top-1 h-11 rounded-r-md px-3 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </button>
      </div>
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * Enter in a field submits a form through its first submit button. Without JavaScript that would
 * be the password toggle, so each form starts with this hidden stand-in for its real button.
 */
function DefaultSubmit() {
  return <button type="submit" hidden tabIndex={-1} aria-hidden="true" />;
}

function StateSelect({ field }: { field: FieldMetadata<string> }) {
  const { key, ...props } = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        State
      </label>
      <select key={key} {...props} className={inputClass}>
        <option value="">Select state</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      <FieldErrors field={field} />
    </div>
  );
}

/** The searchable state list (01 §2); the value posted is the two-letter code. */
function StateCombobox({ field, onPick }: { field: FieldMetadata<string>; onPick: (code: string) => void }) {
  const listId = useId();
  const selected = US_STATES.find((s) => s.code === field.value);
  const [query, setQuery] = useState(selected?.name ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // When the ZIP lookup (or a reset) changes the value, the text follows.
  useEffect(() => setQuery(selected?.name ?? ""), [selected?.name]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q || q === selected?.name.toLowerCase()) return US_STATES;
    return US_STATES.filter((s) => s.name.toLowerCase().includes(q) || s.code.toLowerCase() === q);
  }, [query, selected?.name]);

  function pick(code: string) {
    onPick(code);
    setQuery(US_STATES.find((s) => s.code === code)?.name ?? "");
    setOpen(false);
  }

  return (
    <div className="relative">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        State
      </label>
      <input type="hidden" name={field.name} value={field.value ?? ""} />
      <input
        id={field.id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Search states..."
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        aria-activedescendant={open && matches[active] ? `${listId}-${matches[active].code}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, matches.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === "Enter" && open) {
            e.preventDefault();
            if (matches[active]) pick(matches[active].code);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
        className={inputClass}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="States" className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">No state found.</li>
          ) : (
            matches.map((s, i) => (
              <li
                key={s.code}
                id={`${listId}-${s.code}`}
                role="option"
                aria-selected={s.code === field.value}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(s.code);
                }}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-800"}`}
              >
                {s.name}
              </li>
            ))
          )}
        </ul>
      ) : null}
      <FieldErrors field={field} />
    </div>
  );
}

function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="min-h-11 w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** Shown after sign-up (01 §2); a server-rendered state of /auth, so it works without JavaScript. */
function CheckEmailDialog({ email }: { email: string }) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [location.key]);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="check-email-title" className="w-full max-w-sm rounded-xl bg-white p-6 text-center shadow-xl">
        <h2 id="check-email-title" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          Check Your Email
        </h2>
        <p className="mt-3 text-slate-700">
          We sent a confirmation link to <strong className="break-all">{email}</strong>.
        </p>
        <p className="mt-2 text-slate-700">Click the link in the email to verify your account.</p>
        <p className="mt-2 text-sm text-slate-500">Don't see it? Check your spam folder.</p>
        <Link
          to="/"
          className="mt-5 inline-block w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Got it, thanks!
        </Link>
      </div>
    </div>
  );
}
