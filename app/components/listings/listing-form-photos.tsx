import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { PHOTO_ERRORS } from "~/shared/copy/photos";
import { LIMITS } from "~/shared/catalog";
import { Button } from "../ui/button";
import { Label, Legend } from "../ui/label";
import type { FormPhoto } from "~/features/photos/upload-reply";

const PREVIEWABLE = new Set(["image/jpeg", "image/png", "image/webp"]);

export type { FormPhoto };

/**
 * The listing form's photos (02 §2): the ones on the form in order (each a hidden `photos` field
 * holding its R2 key, with submit buttons to move, make main and remove — they work without
 * JavaScript, the server re-renders), the file input for new ones with previews, the upload
 * progress and the per-file errors.
 *
 *   <PhotosFieldset photos={photos} errors={photoErrors} progress={upload?.percent ?? null}
 *     fileInput={fileInput} resetKey={state.formKey} />
 */
export function PhotosFieldset({
  photos,
  errors,
  progress,
  fileInput,
  fieldErrors,
}: {
  photos: FormPhoto[];
  errors: string[];
  /** Upload progress in percent while files are on their way, else null. */
  progress: number | null;
  fileInput: RefObject<HTMLInputElement>;
  /** The schema's errors for `photos` (e.g. a photo that could not be claimed). */
  fieldErrors?: string[];
}) {
  const [previews, setPreviews] = useState<string[]>([]);
  // Files picked but not yet uploaded count against the limit too, so the counter moves at once.
  const [picked, setPicked] = useState(0);
  // Files left out of the pick because the form was full: said where they were chosen.
  const [refused, setRefused] = useState<string[]>([]);
  const onForm = photos.map((photo) => photo.key).join();
  useEffect(() => setPicked(0), [onForm]);
  const remaining = LIMITS.photosPerListing - photos.length;
  return (
    <fieldset>
      <Legend>Photos</Legend>
      <p className="text-sm text-slate-600">
        Up to {LIMITS.photosPerListing} photos, JPG or PNG (WebP also works), 10MB each. The first photo is the main one.
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Listing photos">
        {photos.map((photo, index) => (
          <li key={photo.key} className="rounded-lg border border-slate-200 p-2" data-testid="form-photo">
            <input type="hidden" name="photos" value={photo.key} />
            {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- "Photo 2" is its place in the order, which the move buttons name too */}
            <img src={photo.url} alt={`Photo ${index + 1}`} className="aspect-square w-full rounded object-cover" />
            {index === 0 ? <p className="mt-1 text-xs font-semibold text-brand-700">Main photo</p> : null}
            <div className="mt-1 flex flex-wrap gap-1 text-xs">
              <PhotoButton intent={`photo-up:${index}`} disabled={index === 0} label={`Move photo ${index + 1} up`}>
                ↑
              </PhotoButton>
              <PhotoButton intent={`photo-down:${index}`} disabled={index === photos.length - 1} label={`Move photo ${index + 1} down`}>
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
          <Label htmlFor="newPhotos">Add photos ({Math.max(0, remaining - picked)} left)</Label>
          <input
            ref={fileInput}
            id="newPhotos"
            name="newPhotos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="ui-file mt-1 block max-w-full"
            onChange={(e) => {
              // The limit is kept where the files are chosen (02 §2 'up to 5'): the ones past it
              // leave the input and are named, so none is dropped unsaid later (ADR 062).
              const input = e.target;
              const chosen = Array.from(input.files ?? []);
              const kept = chosen.slice(0, remaining);
              if (kept.length < chosen.length) {
                const transfer = new DataTransfer();
                for (const file of kept) transfer.items.add(file);
                input.files = transfer.files;
              }
              setRefused(chosen.slice(remaining).map((file) => file.name));
              setPicked(kept.length);
              // Previews only for what the server will accept by its declared type (it still
              // decides by the bytes). data: URLs, because the CSP keeps blob: out of connect-src.
              const previewable = kept.filter((file) => PREVIEWABLE.has(file.type) && file.size <= LIMITS.photoMaxBytes);
              Promise.all(previewable.map(readAsDataUrl)).then((urls) => setPreviews(urls.filter(Boolean)));
            }}
          />
          {refused.length ? (
            <ul role="alert" aria-label="Photos not added" className="mt-2 space-y-1 text-sm text-red-700">
              {refused.map((name, i) => (
                <li key={i}>{`${name}: ${PHOTO_ERRORS.tooMany}`}</li>
              ))}
            </ul>
          ) : null}
          {previews.length ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="New photo previews">
              {previews.map((url, i) => (
                <li key={i}>
                  {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the preview's place among the new photos */}
                  <img src={url} alt={`New photo preview ${i + 1}`} className="h-16 w-16 rounded object-cover" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {progress !== null ? (
        <div className="mt-3" data-testid="upload-progress">
          <label htmlFor="upload-progress" className="text-sm text-slate-700">
            Uploading photos… {progress}%
          </label>
          <progress id="upload-progress" max={100} value={progress} className="mt-1 block h-2 w-full" />
        </div>
      ) : null}
      {errors.length ? (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-red-700" aria-label="Photo errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {fieldErrors?.length ? <p className="mt-1 text-sm text-red-700">{fieldErrors[0]}</p> : null}
    </fieldset>
  );
}

function readAsDataUrl(file: File) {
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
}

function PhotoButton({ intent, label, disabled, children }: { intent: string; label: string; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      disabled={disabled}
      aria-label={label}
      variant="secondary"
      size="tiny"
      className="font-normal disabled:opacity-40"
    >
      {children}
    </Button>
  );
}
