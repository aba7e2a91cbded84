import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { NoPhoto } from "./no-photo";

/** A photo at full size, and its card-size rendition (the photo itself when it has none; ADR 036). */
type Photo = {
  url: string;
  width: number | null;
  height: number | null;
  thumbUrl: string;
  thumbWidth: number | null;
  thumbHeight: number | null;
};

type ImageProps = { src: string; alt: string; className?: string; width?: number; height?: number; loading?: "lazy" | "eager" };

/**
 * A photo that shows a placeholder when it cannot load (spec 02 §2: broken photos). `width` and
 * `height` (the file's pixels) let the browser reserve its box before it loads: nothing shifts.
 */
export function PhotoImage({ src, alt, className, width, height, loading }: ImageProps) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An error during server-rendered loading fires before React listens; check once hydrated.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [src]);
  if (broken) {
    return (
      <div
        role="img"
        aria-label={`${alt} (unavailable)`}
        className={`flex items-center justify-center bg-slate-100 text-4xl text-slate-400 ${className ?? ""}`}
      >
        📷
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      // Decoded off the frame: opening the viewer paints at once instead of waiting for a full-size
      // photo's decode (ADR 075, bench/interactions.ts).
      decoding="async"
      className={className}
      onError={() => setBroken(true)}
    />
  );
}

const size = (pixels: number | null) => pixels ?? undefined;

/**
 * The photo grid and full-size viewer (spec 02 §2 listing detail). The viewer is the `?photo=n` URL, so without
 * JavaScript every photo, arrow and thumbnail is a plain link; with it, arrow keys and Escape work.
 */
export function PhotoGallery({ photos, title, open }: { photos: Photo[]; title: string; open: string | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const total = photos.length;
  // A tap (or key) shows its photo at once from local state; the URL (?photo=n: what works without
  // JavaScript, what Back and a reload return to) follows in the next task, so the navigation's
  // loaders and the page's re-render are not part of the tap (ADR 075: the viewer was on screen
  // 140–160 ms after a tap at 4× CPU, ~17 ms this way). -1 is "closed"; undefined follows the URL.
  const fromUrl = open && /^\d+$/.test(open) ? Number(open) - 1 : -1;
  const [shown, setShown] = useState<number | undefined>(undefined);
  // Once the URL has caught up, it decides again (a later Back, another link).
  useEffect(() => setShown((local) => (local === fromUrl ? undefined : local)), [fromUrl]);
  const index = shown ?? fromUrl;
  const showing = index >= 0 && index < total;
  const wrap = (i: number) => ((i % total) + total) % total;
  const link = (i: number) => `${location.pathname}?photo=${wrap(i) + 1}`;
  /** Show photo `to` (wrapped), or close the viewer (null). */
  const go = (to: number | null, replace: boolean) => {
    setShown(to === null ? -1 : wrap(to));
    setTimeout(() => navigate(to === null ? location.pathname : link(to), { replace, preventScrollReset: true }));
  };
  /** A plain click on one of the viewer's links; a new tab or window (a modifier) stays a link. */
  const tap = (to: number | null, replace: boolean) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(to, replace);
  };

  useEffect(() => {
    if (!showing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") go(index + 1, true);
      else if (event.key === "ArrowLeft") go(index - 1, true);
      else if (event.key === "Escape") go(null, true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (total === 0) {
    return (
      <div className="aspect-[4/3] overflow-hidden rounded-xl">
        <NoPhoto label="No photos" />
      </div>
    );
  }

  return (
    <section aria-label="Photos">
      <ul className="grid grid-cols-4 gap-2">
        {photos.map((photo, i) => (
          <li key={photo.url} className={i === 0 ? "col-span-4" : ""}>
            <Link
              to={link(i)}
              preventScrollReset
              onClick={tap(i, false)}
              aria-label={`Open photo ${i + 1} of ${total}`}
              className="block overflow-hidden rounded-xl bg-slate-100"
            >
              {i === 0 ? (
                <PhotoImage
                  src={photo.url}
                  width={size(photo.width)}
                  height={size(photo.height)}
                  alt={`${title} — photo ${i + 1}`}
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : (
                <PhotoImage
                  src={photo.thumbUrl}
                  width={size(photo.thumbWidth)}
                  height={size(photo.thumbHeight)}
                  loading="lazy"
                  alt={`${title} — photo ${i + 1}`}
                  className="aspect-square w-full object-cover"
                />
              )}
            </Link>
          </li>
        ))}
      </ul>
      {showing ? (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Photo viewer"
          className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-black/90 p-4 text-white"
        >
          <div className="flex w-full max-w-4xl items-center justify-between">
            <p data-testid="photo-counter">
              Photo {index + 1} of {total}
            </p>
            <Link
              to={location.pathname}
              replace
              preventScrollReset
              onClick={tap(null, true)}
              className="rounded bg-white/10 px-3 py-1"
              aria-label="Close photo viewer"
            >
              ✕ Close
            </Link>
          </div>
          <div className="flex w-full max-w-4xl items-center gap-3">
            <Link
              to={link(index - 1)}
              replace
              preventScrollReset
              onClick={tap(index - 1, true)}
              className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full bg-white/10 px-3 py-2 text-2xl"
              aria-label="Previous photo"
            >
              ‹
            </Link>
            <PhotoImage
              src={photos[index].url}
              width={size(photos[index].width)}
              height={size(photos[index].height)}
              alt={`${title} — photo ${index + 1} of ${total}`}
              className="h-auto max-h-[70vh] min-w-0 flex-1 object-contain"
            />
            <Link
              to={link(index + 1)}
              replace
              preventScrollReset
              onClick={tap(index + 1, true)}
              className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full bg-white/10 px-3 py-2 text-2xl"
              aria-label="Next photo"
            >
              ›
            </Link>
          </div>
          <ul className="flex max-w-full gap-2 overflow-x-auto" aria-label="Thumbnails">
            {photos.map((photo, i) => (
              <li key={photo.url}>
                <Link
                  to={link(i)}
                  replace
                  preventScrollReset
                  onClick={tap(i, true)}
                  aria-label={`Show photo ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                >
                  <img
                    src={photo.thumbUrl}
                    width={56}
                    height={56}
                    alt=""
                    className={`h-14 w-14 max-w-none rounded object-cover ${i === index ? "ring-2 ring-white" : "opacity-60"}`}
                  />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
