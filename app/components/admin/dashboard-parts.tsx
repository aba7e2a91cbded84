// The Admin Dashboard's building blocks (app/routes/admin.tsx): stat cards, the tab's GET search,
// the pager and the table shell. All of it is URL state, so it works without JavaScript.
import { Form, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Card, cardClass } from "~/components/ui/card";

export function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <Card padding="sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`stat-${label.toLowerCase().replace(/ /g, "-")}`}>
        {value.toLocaleString("en-US")}
      </dd>
      {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
    </Card>
  );
}

export function SearchForm({ tab, placeholder, label }: { tab: string; placeholder: string; label: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="tab" value={tab} />
      <div className="min-w-0 flex-1">
        <Label htmlFor={`admin-search-${tab}`}>{label}</Label>
        <Input
          id={`admin-search-${tab}`}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={params.get("q") ?? ""}
          placeholder={placeholder}
          className="mt-1 block w-full"
        />
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}

// The domain's ADMIN_PAGE_SIZE (a server module; the browser bundle cannot import it).
const PAGE_SIZE = 25;

export function Pager({
  total,
  page,
  extra,
  capped = false,
}: {
  total: number;
  page: number;
  extra: Record<string, string>;
  capped?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const href = (p: number) => `/admin?${new URLSearchParams({ ...extra, page: String(p) })}`;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-700">
      <span>
        {total.toLocaleString("en-US")}
        {capped ? "+" : ""} {total === 1 ? "result" : "results"} · page {page} of {pages}
        {capped ? " (search more precisely to see the rest)" : ""}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <ButtonLink to={href(page - 1)} variant="secondary">
            Previous
          </ButtonLink>
        ) : null}
        {page < pages ? (
          <ButtonLink to={href(page + 1)} variant="secondary">
            Next
          </ButtonLink>
        ) : null}
      </span>
    </nav>
  );
}

export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      // Not the caption alone: the section around it is often named by a heading with the same words (axe landmark-unique).
      aria-label={`${caption} table`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- on a phone the table scrolls sideways; a region with no link in it (the audit log) must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      // The class, not <Card>: on the element itself jsx-a11y still checks the tabIndex above.
      className={cardClass(
        undefined,
        "relative overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600",
      )}
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-900">{children}</tbody>
      </table>
    </div>
  );
}
