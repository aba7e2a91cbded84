/**
 * What a listing without a photo shows: a picture frame drawn inline. An emoji alone was an empty
 * box where no emoji font is installed; an SVG needs no font and no icon library.
 * `label` names it for screen readers; without one it is decoration beside the listing's title.
 */
export function NoPhoto({ label, className = "" }: { label?: string; className?: string }) {
  return (
    <div
      className={`flex h-full w-full items-center justify-center bg-slate-100 text-slate-400 ${className}`}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-1/3 max-h-20 w-1/3 max-w-20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="8.5" cy="9.5" r="1.5" />
        <path d="m21 16-5-5L5 20" />
      </svg>
    </div>
  );
}
