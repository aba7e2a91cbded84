import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { FieldConstraint } from "~/shared/form-constraint";
import type { ListingFormValues } from "~/shared/schemas/listing";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { useLazyForm } from "~/components/forms/lazy-form";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CONDITION_OPTIONS, GENDERS, LIMITS, SIZES, US_STATES } from "~/shared/catalog";
import { useHydrated } from "~/hooks/use-hydrated";
import { ZIP_HTML_PATTERN } from "~/shared/zip";
import { CheckboxField, DefaultSubmit, Field, SelectField, TextareaField } from "../ui/forms";
import { CategoryFields } from "./listing-form-category";
import { PhotosFieldset, type FormPhoto } from "./listing-form-photos";
import { showToast } from "../layout/toaster";
import { SubmitButton, useIsPending } from "../ui/status-button";
import { Legend } from "../ui/label";
import { PriceHint } from "./price-hint";

export type { ListingFormValues };

/** What the loaders and the action (app/web/listing-form.server.ts) hand the form. */
export type ListingFormData = {
  values: ListingFormValues;
  photos: FormPhoto[];
  photoErrors?: string[];
  result?: unknown;
  toast?: { title: string; description: string } | null;
  formKey?: string;
  /** ListingFormSchema's HTML constraints, computed on the server (listingFormConstraint). */
  constraint: Record<string, FieldConstraint>;
  /** The price hint for what the form holds (ADR 086); null until sport, type and condition are chosen. */
  guidance?: string | null;
};

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));
const SIZE_OPTIONS = SIZES.map((s) => ({ value: s, label: s }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g }));

/**
 * The listing form for create and edit (spec 02 §2). A real multipart form: every button works
 * without JavaScript (photo buttons and "Update options" re-render through the action, new files
 * go with the POST). With JavaScript, picked files are first sent to POST /api/photos (with
 * progress, downscaled in the browser); their keys then go with a normal submit, like photos
 * already on the form. The browser does not block a submit on `required` (`noValidate`): the
 * spec's 'Missing Information' message comes from the schema, in the browser or from the server.
 *
 *   <ListingForm mode="create" state={actionData ?? loaderData.state} clubs={clubs} presetClub={club} />
 */
export function ListingForm({
  mode,
  state,
  clubs,
  presetClub,
}: {
  mode: "create" | "edit";
  state: ListingFormData;
  clubs: { id: string; name: string }[];
  presetClub?: { id: string; name: string } | null;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { values } = state;
  const fileInput = useRef<HTMLInputElement>(null);
  // Photos uploaded through /api/photos that the server has not sent back yet, and the messages
  // for files it refused; both start over whenever the server sends the form again.
  const [added, setAdded] = useState<FormPhoto[]>([]);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [upload, setUpload] = useState<{ intent: string; percent: number; round: number } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setAdded([]);
    setUploadErrors([]);
  }, [state.formKey]);
  const saving = useIsPending({ intent: "save" }) || upload?.intent === "save";

  const validation = useLazyValidation(() => import("~/components/forms/listing-validation").then((module) => module.validateListing));
  const [form, fields, conform] = useLazyForm({
    id: "listing-form",
    lastResult: (state.result ?? null) as SubmissionResult<string[]> | null,
    constraint: state.constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });

  // Server replies carry a toast; with JavaScript it pops up, without it shows as a banner.
  const shownToast = useRef<unknown>(null);
  useEffect(() => {
    if (state.toast && shownToast.current !== state.formKey) {
      shownToast.current = state.formKey;
      showToast({ ...state.toast, variant: "destructive" });
    }
  }, [state.toast, state.formKey]);

  const photos = [...state.photos, ...added];

  async function uploadThenSubmit(element: HTMLFormElement, submitter: HTMLButtonElement | null, picked: File[]) {
    const intent = submitter?.value || "save";
    setUpload({ intent, percent: 0, round });
    try {
      // Only after files are picked and the form sent: out of the page's first load (ADR 033).
      const [{ downscaleImage, makeThumbnail }, { uploadPhotos }] = await Promise.all([
        import("~/hooks/image-downscale"),
        import("~/hooks/upload-photos"),
      ]);
      const body = new FormData();
      for (const photo of photos) body.append("photos", photo.key);
      for (const file of picked) {
        const photo = await downscaleImage(file, { maxBytes: LIMITS.photoMaxBytes });
        body.append("newPhotos", photo);
        // Paired by position; an empty part when no thumbnail was made (ADR 036).
        body.append("newPhotoThumbs", (await makeThumbnail(photo)) ?? new File([], ""));
      }
      const reply = await uploadPhotos(body, (percent) => setUpload({ intent, percent, round }));
      if (reply.status !== 200 && reply.status !== 400) throw new Error(reply.error ?? `Upload failed (${reply.status})`);
      for (const description of reply.warnings) showToast({ title: "Image Upload Error", description, variant: "destructive" });
      setAdded((prev) => [...prev, ...reply.photos]);
      setRound((r) => r + 1); // a fresh file input and no previews: those files are on the form now
      // As without JavaScript: a refused file is left out with a warning, and the save goes on (02 §5).
      for (const description of reply.errors) showToast({ title: "Image Upload Error", description, variant: "destructive", keep: true });
      setUploadErrors(reply.errors);
      const data = new FormData(element, submitter);
      data.delete("newPhotos");
      for (const photo of reply.photos) data.append("photos", photo.key);
      submit(data, { method: "post", encType: "multipart/form-data", action: element.getAttribute("action") ?? undefined });
    } catch {
      showToast({
        title: "Error",
        description: `Failed to ${mode === "create" ? "create" : "update"} listing. Please try again.`,
        variant: "destructive",
      });
    } finally {
      setUpload(null);
    }
  }

  const errors = (name: keyof typeof fields) => fields[name].errors;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      key={state.formKey ?? "initial"}
      onInput={validation.onInput}
      onFocus={validation.onFocus}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        form.onSubmit(event);
        if (event.defaultPrevented) {
          if (!submitter || submitter.value === "save") {
            showToast({ title: "Missing Information", description: "Please fill in all required fields", variant: "destructive" });
          }
          return;
        }
        const picked = Array.from(fileInput.current?.files ?? []);
        if (!picked.length) return; // nothing to upload: Remix submits as usual
        event.preventDefault();
        if (!upload) void uploadThenSubmit(event.currentTarget, submitter, picked);
      }}
      className="space-y-6 rounded-xl bg-white p-6 shadow-sm"
    >
      {conform}
      <DefaultSubmit name="intent" value="save" />
      {state.toast && !hydrated ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{state.toast.title}</p>
          <p className="text-sm">{state.toast.description}</p>
        </div>
      ) : null}

      <Field label="Title" field={fields.title} markRequired inputProps={{ defaultValue: values.title }} />
      <TextareaField label="Description" field={fields.description} textareaProps={{ rows: 4, defaultValue: values.description }} />
      <Field
        label="Price ($)"
        field={fields.price}
        markRequired
        inputProps={{ type: "number", min: 0, step: 0.01, inputMode: "decimal", defaultValue: values.price }}
      />
      <PriceHint formId={form.id} hint={state.guidance} />

      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryFields fields={fields} values={values} resetKey={state.formKey} />
        <SelectField
          label="Condition"
          field={fields.condition}
          markRequired
          placeholder="Select condition"
          options={CONDITION_OPTIONS}
          selectProps={{ defaultValue: values.condition }}
        />
        <SelectField label="Size" field={fields.size} placeholder="—" options={SIZE_OPTIONS} selectProps={{ defaultValue: values.size }} />
        <Field label="Size (number or letter)" field={fields.sizeNumeric} inputProps={{ defaultValue: values.sizeNumeric }} />
        <SelectField
          label="Gender"
          field={fields.gender}
          placeholder="—"
          options={GENDER_OPTIONS}
          selectProps={{ defaultValue: values.gender }}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="ZIP Code"
          field={fields.zipCode}
          markRequired
          inputProps={{
            inputMode: "numeric",
            maxLength: 5,
            pattern: ZIP_HTML_PATTERN,
            autoComplete: "postal-code",
            defaultValue: values.zipCode,
          }}
        />
        <Field
          label="City"
          field={fields.city}
          markRequired
          inputProps={{ defaultValue: values.city, placeholder: "Filled from the ZIP", autoComplete: "address-level2" }}
        />
        <SelectField
          label="State"
          field={fields.state}
          markRequired
          placeholder="From the ZIP"
          options={STATE_OPTIONS}
          selectProps={{ defaultValue: values.state }}
        />
      </div>
      <TextareaField
        label="Pickup Instructions"
        field={fields.pickupInstructions}
        textareaProps={{ rows: 2, defaultValue: values.pickupInstructions }}
      />

      <fieldset aria-describedby={errors("clubIds") ? fields.clubIds.errorId : undefined}>
        <Legend>Where to list</Legend>
        {presetClub ? (
          <p className="mt-1 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
            Posting to: {presetClub.name}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-slate-600">Leave every club unticked to list publicly.</p>
        <div className="mt-2 space-y-1">
          {clubs.length === 0 ? <p className="text-sm text-slate-600">Public listing (you are not an active member of any club).</p> : null}
          {clubs.map((club) => (
            <CheckboxField
              key={club.id}
              label={club.name}
              inputProps={{ name: "clubIds", value: club.id, defaultChecked: values.clubIds.includes(club.id) }}
            />
          ))}
        </div>
        {errors("clubIds") ? (
          <p id={fields.clubIds.errorId} className="mt-1 text-sm text-red-700">
            {errors("clubIds")![0]}
          </p>
        ) : null}
      </fieldset>

      <PhotosFieldset
        key={round}
        photos={photos}
        errors={[...(state.photoErrors ?? []), ...uploadErrors]}
        progress={upload ? upload.percent : null}
        fileInput={fileInput}
        fieldErrors={errors("photos")}
      />

      <SubmitButton
        name="intent"
        value="save"
        pending={saving}
        disabled={upload !== null}
        pendingText={mode === "create" ? "Creating..." : "Updating..."}
        className="w-full py-3"
      >
        {mode === "create" ? "Create Listing" : "Update Listing"}
      </SubmitButton>
    </Form>
  );
}
