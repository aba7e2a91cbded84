import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { decode } from "turbo-stream";
import {
  CONDITION_OPTIONS,
  GENDERS,
  getBrands,
  getEquipmentTypes,
  LIMITS,
  SIZES,
  sportsByName,
  TENNIS_SUBCATEGORIES,
  US_STATES,
} from "~/catalog";
import { downscaleImage } from "~/lib/image-downscale";
import { ListingFormSchema } from "~/schemas/listing";
import { showToast } from "./toaster";

export type ListingFormValues = {
  title: string;
  description: string;
  price: string;
  sport: string;
  sportSubcategory: string;
  equipmentType: string;
  brand: string;
  brandCustom: string;
  condition: string;
  size: string;
  sizeNumeric: string;
  gender: string;
  zipCode: string;
  city: string;
  state: string;
  pickupInstructions: string;
  clubIds: string[];
  photos: string[];
};

export type ListingFormData = {
  values: ListingFormValues;
  photos: { key: string; url: string }[];
  photoErrors?: string[];
  result?: unknown;
  toast?: { title: string; description: string } | null;
  formKey?: string;
};

const SPORTS = sportsByName();
const PREVIEWABLE = new Set(["image/jpeg", "image/png", "image/webp"]);
const inputClass = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 shadow-sm focus:border-brand-500 focus:outline-none";
const labelClass = "block text-sm font-medium text-slate-800";

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function Field({ id, label, required, errors, children }: { id: string; label: string; required?: boolean; errors?: string[]; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {children}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The listing form for create and edit (spec 02 §2). A real multipart form: every button works
 * without JavaScript (photo buttons and "Update options" re-render through the action).
 */
export function ListingForm({
  mode,
  state: routeState,
  clubs,
  presetClub,
}: {
  mode: "create" | "edit";
  state: ListingFormData;
  clubs: { id: string; name: string }[];
  presetClub?: { id: string; name: string } | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // With JavaScript, a POST that carries new photos goes through XMLHttpRequest for its upload
  // progress; its reply (the same data the route's action returns) replaces the route's state
  // until Remix brings a newer one.
  const [uploaded, setUploaded] = useState<ListingFormData | null>(null);
  useEffect(() => setUploaded(null), [routeState]);
  const state = uploaded ?? routeState;
  const [upload, setUpload] = useState<{ intent: string; percent: number } | null>(null);
  const saving = (navigation.state !== "idle" && navigation.formData?.get("intent") === "save") || upload?.intent === "save";
  const { values } = state;

  const [form, fields] = useForm({
    id: "listing-form",
    lastResult: (state.result ?? null) as SubmissionResult<string[]> | null,
    constraint: getZodConstraint(ListingFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: ListingFormSchema });
    },
  });

  // Sport → sub-category → type → brand chain: a change clears what depends on it (02 §4).
  const [sport, setSport] = useState(values.sport);
  const [sub, setSub] = useState(values.sportSubcategory);
  const [type, setType] = useState(values.equipmentType);
  const [brand, setBrand] = useState(values.brand);
  useEffect(() => {
    setSport(values.sport);
    setSub(values.sportSubcategory);
    setType(values.equipmentType);
    setBrand(values.brand);
  }, [state.formKey, values.sport, values.sportSubcategory, values.equipmentType, values.brand]);

  // Server replies carry a toast; with JavaScript it pops up, without it shows as a banner.
  const shownToast = useRef<unknown>(null);
  useEffect(() => {
    if (state.toast && shownToast.current !== state.formKey) {
      shownToast.current = state.formKey;
      showToast({ ...state.toast, variant: "destructive" });
    }
  }, [state.toast, state.formKey]);

  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => setPreviews([]), [state.formKey]);

  async function sendWithProgress(element: HTMLFormElement, submitter: HTMLElement | null) {
    const intent = (submitter as HTMLButtonElement | null)?.value || "save";
    setUpload({ intent, percent: 0 });
    try {
      const body = new FormData(element, submitter);
      const files = body.getAll("newPhotos").filter((f): f is File => f instanceof File && f.size > 0);
      body.delete("newPhotos");
      for (const file of files) body.append("newPhotos", await downscaleImage(file, { maxBytes: LIMITS.photoMaxBytes }));
      const reply = await postWithProgress(element.action, body, (percent) => setUpload({ intent, percent }));
      if (reply && typeof reply === "object" && "redirect" in reply && typeof reply.redirect === "string") {
        navigate(reply.redirect);
      } else if (reply && typeof reply === "object" && "data" in reply && reply.data) {
        setUploaded(reply.data as ListingFormData);
      } else {
        throw new Error("Unexpected reply");
      }
    } catch {
      showToast({ title: "Error", description: `Failed to ${mode === "create" ? "create" : "update"} listing. Please try again.`, variant: "destructive" });
    } finally {
      setUpload(null);
    }
  }

  const types = sport ? getEquipmentTypes(sport, sub) : [];
  const brands = sport ? getBrands(sport, sub, type) : [];
  const errors = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;
  const remaining = LIMITS.photosPerListing - state.photos.length;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      key={state.formKey ?? "initial"}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        form.onSubmit(event);
        if (event.defaultPrevented) {
          if (!submitter || submitter.value === "save") {
            showToast({ title: "Missing Information", description: "Please fill in all required fields", variant: "destructive" });
          }
          return;
        }
        const picked = event.currentTarget.querySelector<HTMLInputElement>('input[name="newPhotos"]')?.files;
        if (!picked?.length) return; // nothing to upload: Remix submits as usual
        event.preventDefault();
        if (!upload) void sendWithProgress(event.currentTarget, submitter);
      }}
      className="space-y-6 rounded-xl bg-white p-6 shadow-sm"
    >
      {state.toast && !hydrated ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{state.toast.title}</p>
          <p className="text-sm">{state.toast.description}</p>
        </div>
      ) : null}
      <input type="hidden" name="loadedSport" value={values.sport} />
      <input type="hidden" name="loadedSubcategory" value={values.sportSubcategory} />

      <Field id="title" label="Title" required errors={errors("title")}>
        <input id="title" name="title" defaultValue={values.title} className={inputClass} aria-invalid={errors("title") ? true : undefined} />
      </Field>
      <Field id="description" label="Description" errors={errors("description")}>
        <textarea id="description" name="description" rows={4} defaultValue={values.description} className={inputClass} />
      </Field>
      <Field id="price" label="Price ($)" required errors={errors("price")}>
        <input id="price" name="price" type="number" min={0} step={0.01} inputMode="decimal" defaultValue={values.price} className={inputClass} />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="sport" label="Sport" required errors={errors("sport")}>
          <select
            id="sport"
            name="sport"
            value={sport}
            onChange={(e) => {
              setSport(e.target.value);
              setSub("");
              setType("");
              setBrand("");
            }}
            className={inputClass}
          >
            <option value="">Select a sport</option>
            {SPORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.key === "tennis" ? "Tennis & Racquet Sports" : s.name}
              </option>
            ))}
          </select>
        </Field>
        {sport === "tennis" ? (
          <Field id="sportSubcategory" label="Sub-category" errors={errors("sportSubcategory")}>
            <select
              id="sportSubcategory"
              name="sportSubcategory"
              value={sub}
              onChange={(e) => {
                setSub(e.target.value);
                setType("");
                setBrand("");
              }}
              className={inputClass}
            >
              <option value="">Select a sub-category</option>
              {TENNIS_SUBCATEGORIES.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {!hydrated ? (
          <div className="flex items-end">
            <button type="submit" name="intent" value="refresh" formNoValidate className="min-h-11 rounded-md border border-slate-300 px-3 py-2 text-sm">
              Update options
            </button>
          </div>
        ) : null}
        <Field id="equipmentType" label="Equipment Type" errors={errors("equipmentType")}>
          <select
            id="equipmentType"
            name="equipmentType"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setBrand("");
            }}
            className={inputClass}
          >
            <option value="">{sport ? "Select a type" : "Choose a sport first"}</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field id="brand" label="Brand" errors={errors("brand")}>
          <select id="brand" name="brand" value={brand} onChange={(e) => setBrand(e.target.value)} className={inputClass}>
            <option value="">{sport ? "Select a brand" : "Choose a sport first"}</option>
            {brands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </Field>
        {brand === "Other" || !hydrated ? (
          <Field id="brandCustom" label="Custom brand (when Other)" errors={errors("brandCustom")}>
            <input id="brandCustom" name="brandCustom" defaultValue={values.brandCustom} className={inputClass} />
          </Field>
        ) : null}
        <Field id="condition" label="Condition" required errors={errors("condition")}>
          <select id="condition" name="condition" defaultValue={values.condition} className={inputClass}>
            <option value="">Select condition</option>
            {CONDITION_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="size" label="Size" errors={errors("size")}>
          <select id="size" name="size" defaultValue={values.size} className={inputClass}>
            <option value="">—</option>
            {SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field id="sizeNumeric" label="Size (number or letter)" errors={errors("sizeNumeric")}>
          <input id="sizeNumeric" name="sizeNumeric" defaultValue={values.sizeNumeric} className={inputClass} />
        </Field>
        <Field id="gender" label="Gender" errors={errors("gender")}>
          <select id="gender" name="gender" defaultValue={values.gender} className={inputClass}>
            <option value="">—</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="zipCode" label="ZIP Code" required errors={errors("zipCode")}>
          <input id="zipCode" name="zipCode" inputMode="numeric" maxLength={5} defaultValue={values.zipCode} className={inputClass} />
        </Field>
        <Field id="city" label="City" required errors={errors("city")}>
          <input id="city" name="city" defaultValue={values.city} placeholder="Filled from the ZIP" className={inputClass} />
        </Field>
        <Field id="state" label="State" required errors={errors("state")}>
          <select id="state" name="state" defaultValue={values.state} className={inputClass}>
            <option value="">From the ZIP</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="pickupInstructions" label="Pickup Instructions" errors={errors("pickupInstructions")}>
        <textarea id="pickupInstructions" name="pickupInstructions" rows={2} defaultValue={values.pickupInstructions} className={inputClass} />
      </Field>

      <fieldset>
        <legend className={labelClass}>Where to list</legend>
        {presetClub ? (
          <p className="mt-1 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">Posting to: {presetClub.name}</p>
        ) : null}
        <p className="mt-1 text-sm text-slate-600">Leave every club unticked to list publicly.</p>
        <div className="mt-2 space-y-1">
          {clubs.length === 0 ? <p className="text-sm text-slate-500">Public listing (you are not an active member of any club).</p> : null}
          {clubs.map((club) => (
            <label key={club.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="clubIds" value={club.id} defaultChecked={values.clubIds.includes(club.id)} />
              {club.name}
            </label>
          ))}
        </div>
        {errors("clubIds") ? <p className="mt-1 text-sm text-red-600">{errors("clubIds")![0]}</p> : null}
      </fieldset>

      <fieldset>
        <legend className={labelClass}>Photos</legend>
        <p className="text-sm text-slate-600">
          Up to {LIMITS.photosPerListing} photos, JPG or PNG (WebP also works), 10MB each. The first photo is the main one.
        </p>
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Listing photos">
          {state.photos.map((photo, index) => (
            <li key={photo.key} className="rounded-lg border border-slate-200 p-2" data-testid="form-photo">
              <input type="hidden" name="photos" value={photo.key} />
              <img src={photo.url} alt={`Photo ${index + 1}`} className="aspect-square w-full rounded object-cover" />
              {index === 0 ? <p className="mt-1 text-xs font-semibold text-brand-700">Main photo</p> : null}
              <div className="mt-1 flex flex-wrap gap-1 text-xs">
                <PhotoButton intent={`photo-up:${index}`} disabled={index === 0} label={`Move photo ${index + 1} up`}>
                  ↑
                </PhotoButton>
                <PhotoButton intent={`photo-down:${index}`} disabled={index === state.photos.length - 1} label={`Move photo ${index + 1} down`}>
                  ↓
                </PhotoButton>
                {index > 0 ? (
                  <PhotoButton intent={`photo-main:${index}`} label={`Make photo ${index + 1} the main photo`}>
                    Main
                  </PhotoButton>
                ) : null}
                <PhotoButton intent={`photo-remove:${index}`} label={`Remove photo ${index + 1}`}>
                  Remove
                </PhotoButton>
              </div>
            </li>
          ))}
        </ol>
        {remaining > 0 ? (
          <div className="mt-3">
            <label htmlFor="newPhotos" className="text-sm font-medium">
              Add photos ({remaining} left)
            </label>
            <input
              id="newPhotos"
              name="newPhotos"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block text-sm"
              onChange={(e) => {
                // Previews only for what the server will accept by its declared type (it still
                // decides by the bytes). data: URLs, because the CSP keeps blob: out of connect-src.
                const files = Array.from(e.target.files ?? []).filter((file) => PREVIEWABLE.has(file.type) && file.size <= LIMITS.photoMaxBytes);
                Promise.all(
                  files.map(
                    (file) =>
                      new Promise<string>((resolve) => {
                        const reader = new FileReader();
                        reader.onload = () => resolve(String(reader.result));
                        reader.onerror = () => resolve("");
                        reader.readAsDataURL(file);
                      }),
                  ),
                ).then((urls) => setPreviews(urls.filter(Boolean)));
              }}
            />
            {previews.length ? (
              <ul className="mt-2 flex gap-2" aria-label="New photo previews">
                {previews.map((url, i) => (
                  <li key={i}>
                    <img src={url} alt={`New photo preview ${i + 1}`} className="h-16 w-16 rounded object-cover" />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {upload ? (
          <div className="mt-3" data-testid="upload-progress">
            <label htmlFor="upload-progress" className="text-sm text-slate-700">
              Uploading photos… {upload.percent}%
            </label>
            <progress id="upload-progress" max={100} value={upload.percent} className="mt-1 block h-2 w-full" />
          </div>
        ) : null}
        {state.photoErrors?.length ? (
          <ul role="alert" className="mt-2 space-y-1 text-sm text-red-600" aria-label="Photo errors">
            {state.photoErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      <button
        type="submit"
        name="intent"
        value="save"
        disabled={saving || upload !== null}
        className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {mode === "create" ? (saving ? "Creating..." : "Create Listing") : saving ? "Updating..." : "Update Listing"}
      </button>
    </Form>
  );
}

function PhotoButton({ intent, label, disabled, children }: { intent: string; label: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      disabled={disabled}
      aria-label={label}
      className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * POSTs to the route's action the way Remix does with single fetch (`{path}.data`, a turbo-stream
 * reply of `{ data }` or `{ redirect }`), but through XMLHttpRequest, whose upload reports progress.
 */
function postWithProgress(action: string, body: FormData, onProgress: (percent: number) => void) {
  const url = new URL(action, window.location.href);
  url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url.toString());
    xhr.responseType = "arraybuffer";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const stream = new Response(xhr.response as ArrayBuffer).body;
      if (!stream) return reject(new Error("Empty reply"));
      decode(stream).then(async (decoded) => {
        await decoded.done;
        resolve(decoded.value);
      }, reject);
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.send(body);
  });
}
