import { Link } from "@remix-run/react";
import type { FilterChip } from "~/lib/search-params";

/** Active filters as removable chips, each a link to the page without it, and Clear All. */
export function FilterChips({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.href}
          preventScrollReset
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
          aria-label={`Remove filter ${chip.label}`}
        >
          {chip.label} <span aria-hidden="true">✕</span>
        </Link>
      ))}
      <Link to={clearHref} className="text-sm font-medium text-slate-600 underline">
        Clear All
      </Link>
    </div>
  );
}
