import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef, useState } from "react";
import {
  CLUB_TYPE_OPTIONS,
  CLUB_VISIBILITY_LABELS,
  JOIN_MODE_LABELS,
  JOIN_MODES,
  SELECTABLE_CLUB_VISIBILITIES,
} from "~/shared/catalog/options";
import { SPORTS_BY_NAME } from "~/shared/catalog/sport-names";
import { DefaultSubmit, ErrorList, Field, SelectField, TextareaField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { ButtonLink } from "~/components/ui/button";
import { CLUB_ERRORS, CLUB_SUCCESS, CLUB_TEXT } from "~/shared/copy/clubs";
import { createClub } from "~/features/clubs/club-create.server";
import { lookupZip } from "~/features/geo/geo.server";
import { getUser, requireUser } from "~/web/session.server";
import { slugify, slugProblem } from "~/shared/club-slug";
import { getFormConstraint } from "~/shared/form-constraint";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { useZipLookup } from "~/hooks/use-zip-lookup";
import { ZIP_HTML_PATTERN } from "~/shared/zip";
import { ClubFormSchema } from "~/shared/schemas/club";

// Create a club (spec 02 §2 Create club, §5 Club form). One schema for the browser and the action;
// the action adds what only the server knows: whether the slug is taken.

export const meta: MetaFunction = () =>
  pageMeta(
    "Create a Club — LockerSwap",
    "Start a club, organization, league or school on LockerSwap so your team can trade gear with each other.",
  );

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  // The form's HTML constraints travel with the page; zod loads on first input (ADR 032, 033).
  return { signedIn: viewer !== null, constraint: getFormConstraint(ClubFormSchema.in) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ClubFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  // 02 §2: a 5-digit ZIP fills city and state — here too, for a browser without JavaScript.
  if (value.zip && (!value.city || !value.state)) {
    const place = await lookupZip(context.db, value.zip);
    if (place.ok) {
      value.city ||= place.city;
      value.state ||= place.state;
    }
  }
  const created = await createClub(context.db, viewer, {
    name: value.name,
    slug: value.slug,
    type: value.type,
    sport: value.sport ?? null,
    description: value.description ?? null,
    zip: value.zip ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    visibility: value.visibility,
    joinMode: value.joinMode,
    inviteCode: value.inviteCode ?? null,
  });
  if (!created.ok) {
    // The spec's toast texts, shown on the slug field itself; every entered value comes back.
    const { title, description } = CLUB_ERRORS.slugTaken;
    const messages = created.error === "slugTaken" ? [`${title}. ${description ?? ""}`] : [CLUB_TEXT.slugFormat];
    return data({ result: submission.reply({ fieldErrors: { slug: messages } }) }, { status: 409 });
  }
  return redirectWithToast(context, `/club/${created.slug}`, CLUB_SUCCESS.created);
}

const SPORT_OPTIONS = SPORTS_BY_NAME.map((s) => ({ value: s.key, label: s.name }));
const VISIBILITY_OPTIONS = SELECTABLE_CLUB_VISIBILITIES.map((v) => ({ value: v, label: CLUB_VISIBILITY_LABELS[v] }));
const JOIN_MODE_OPTIONS = JOIN_MODES.map((m) => ({ value: m, label: JOIN_MODE_LABELS[m] }));

export default function NewClub() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link to="/clubs" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← Back to Clubs
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Create a Club</h1>
      {signedIn ? (
        <ClubForm />
      ) : (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">Sign In Required</h2>
          <p className="mt-1 text-slate-600">Please sign in to create a club.</p>
          <ButtonLink to={`/auth?${new URLSearchParams({ redirectTo: "/clubs/new" })}`} className="mt-4">
            Sign In
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

function ClubForm() {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  // The constraints of the fields themselves (the schema is a pipe: object → slug/invite-code rules).
  const { constraint } = useLoaderData<typeof loader>();
  const validation = useLazyValidation(() => import("~/components/forms/form-validators").then((module) => module.validateClub));
  const [form, fields] = useForm({
    id: "create-club",
    lastResult: actionData?.result,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { type: "club", visibility: "public", joinMode: "open" },
  });
  const busy = useIsPending();
  const zipLookup = useZipLookup(({ city, state }) => {
    form.update({ name: fields.city.name, value: city });
    form.update({ name: fields.state.name, value: state });
  });
  // The slug follows the name until the user edits the slug themselves (02 §5).
  const slugEdited = useRef(Boolean(fields.slug.initialValue));
  const [joinMode, setJoinMode] = useState(String(fields.joinMode.initialValue ?? "open"));
  const showInviteCode = !hydrated || joinMode === "code";
  // Availability is checked when the slug field loses focus; a taken slug blocks submit (02 §2).
  const [slugTaken, setSlugTaken] = useState(false);
  const [slugChecks, setSlugChecks] = useState(0); // in flight; the field is aria-busy meanwhile
  const checkSlug = async (slug: string) => {
    if (!slug) return setSlugTaken(false);
    // Checks can answer out of order (leaving Name checks the slug made from it, then the user
    // types their own): only the answer for what the field holds now counts.
    const current = () => {
      const input = document.getElementById(fields.slug.id);
      return input instanceof HTMLInputElement && input.value.trim() === slug;
    };
    setSlugChecks((n) => n + 1);
    try {
      const res = await fetch(`/api/clubs/slug-available?${new URLSearchParams({ slug })}`);
      const body = (await res.json()) as { available: boolean };
      if (current()) setSlugTaken(!body.available && slugProblem(slug) === null);
    } catch {
      if (current()) setSlugTaken(false); // the server re-checks on submit
    } finally {
      setSlugChecks((n) => n - 1);
    }
  };
  return (
    <Form method="post" {...getFormProps(form)} onInput={validation.onInput} onFocus={validation.onFocus} className="mt-6 space-y-5">
      <DefaultSubmit />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Name"
        field={fields.name}
        markRequired
        inputProps={{
          onInput: (event) => {
            const slug = document.getElementById(fields.slug.id);
            if (!slugEdited.current && slug instanceof HTMLInputElement) slug.value = slugify(event.currentTarget.value);
          },
          onBlur: () => {
            const slug = document.getElementById(fields.slug.id);
            if (!slugEdited.current && slug instanceof HTMLInputElement) void checkSlug(slug.value);
          },
        }}
      />
      <Field
        label="Slug"
        field={fields.slug}
        description="Your club's web address: lowercase letters, numbers and hyphens. Left empty, it is made from the name."
        inputProps={{
          autoCapitalize: "none",
          spellCheck: false,
          "aria-busy": slugChecks > 0 || undefined,
          onInput: (event) => {
            slugEdited.current = event.currentTarget.value !== "";
            setSlugTaken(false);
          },
          onBlur: (event) => void checkSlug(event.currentTarget.value.trim()),
        }}
      />
      {slugTaken ? (
        <p role="alert" className="-mt-3 text-sm font-medium text-red-700">
          {CLUB_TEXT.slugTaken}
        </p>
      ) : null}
      <SelectField label="Type" field={fields.type} markRequired options={CLUB_TYPE_OPTIONS} />
      <SelectField label="Sport" field={fields.sport} options={SPORT_OPTIONS} placeholder="Select a sport" />
      <TextareaField label="Description" field={fields.description} textareaProps={{ rows: 4 }} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="ZIP code"
          field={fields.zip}
          description={
            zipLookup.lookingUp ? <span role="status">Looking up location...</span> : "City and state are filled in from the ZIP."
          }
          inputProps={{
            inputMode: "numeric",
            maxLength: 5,
            pattern: ZIP_HTML_PATTERN,
            autoComplete: "postal-code",
            onInput: zipLookup.onInput,
          }}
        />
        <Field label="City" field={fields.city} inputProps={{ autoComplete: "address-level2" }} />
        <Field label="State" field={fields.state} inputProps={{ autoComplete: "address-level1" }} />
      </div>
      <SelectField label="Visibility" field={fields.visibility} markRequired options={VISIBILITY_OPTIONS} />
      <SelectField
        label="Join mode"
        field={fields.joinMode}
        markRequired
        options={JOIN_MODE_OPTIONS}
        selectProps={{ onChange: (event) => setJoinMode(event.currentTarget.value) }}
      />
      {showInviteCode ? (
        <Field
          label="Invite code"
          field={fields.inviteCode}
          description={
            hydrated
              ? "Members enter this code to join."
              : "Only used when join mode is Invite code (Requires Code): members enter this code to join."
          }
          inputProps={{ autoCapitalize: "none", spellCheck: false }}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to="/clubs" variant="secondary">
          Cancel
        </ButtonLink>
        <SubmitButton pending={busy} disabled={slugTaken} pendingText="Creating...">
          Create Club
        </SubmitButton>
      </div>
    </Form>
  );
}
