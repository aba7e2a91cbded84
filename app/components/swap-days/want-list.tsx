// A want list (ADR 089): the event's items as small cards with a tick and a rank, and the item's cash limits. One
// <Form method="post"> of checkbox values; the filters are a GET form without JavaScript and instant with it
// (state only: ticked items outside the filter stay in the form as hidden inputs either way).
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { CheckboxField, ErrorList } from "~/components/ui/forms";
import { CashLimitFields } from "./cash-limit-fields";
import { Select } from "~/components/ui/select";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { SWAP_WANTS_TEXT as T } from "~/shared/copy/swap-day-wants";
import { SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import { formatPrice } from "~/shared/format";
import type { WantsActionData } from "~/shared/schemas/swap-day-wants";

type Filter = { sport: string; type: string; size: string; condition: string };
type Candidate = {
  id: string;
  code: string;
  title: string;
  priceCents: number;
  sport: string;
  equipmentType: string | null;
  size: string | null;
  condition: string;
  photo: string | null;
  wanted: boolean;
  rank: number | null;
  labels: { sport: string; type: string; size: string; condition: string };
};
type Props = {
  club: { slug: string; name: string };
  swapDayId: string;
  filter: Filter;
  list: {
    item: { id: string; code: string; title: string; priceCents: number; addUpToCents: number | null; needBackCents: number | null };
    candidates: Candidate[];
  };
  lastResult: WantsActionData | undefined;
};

const FACETS = [
  ["sport", (c: Candidate) => c.sport, (c: Candidate) => c.labels.sport],
  ["type", (c: Candidate) => c.equipmentType ?? "", (c: Candidate) => c.labels.type],
  ["size", (c: Candidate) => c.size ?? "", (c: Candidate) => c.labels.size],
  ["condition", (c: Candidate) => c.condition, (c: Candidate) => c.labels.condition],
] as const;

const matches = (c: Candidate, f: Filter) => FACETS.every(([key, value]) => !f[key] || value(c) === f[key]);
const RANKS = [1, 2, 3, 4, 5];

export function WantListForm({ club, swapDayId, filter: initial, list, lastResult }: Props) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [ticked, setTicked] = useState(() => new Set(list.candidates.filter((c) => c.wanted).map((c) => c.id)));
  const saving = useIsPending();
  const dollars = (c: number | null) => (c === null ? undefined : String(c / 100));
  const [form, fields] = useForm<{ addUpTo: string; needBack: string }>({
    id: `wants-${list.item.id}`,
    lastResult: lastResult?.result,
    defaultValue: { addUpTo: dollars(list.item.addUpToCents), needBack: dollars(list.item.needBackCents) },
    shouldValidate: "onSubmit",
  });
  // The ticks' and ranks' refusals (a forged or oversized POST) have no field of their own: they join the form's.
  const errors = [
    ...(form.errors ?? []),
    ...Object.entries(lastResult?.result.error ?? {})
      .filter(([name]) => /^(itemId|want|rank)\b/.test(name))
      .flatMap(([, messages]) => messages ?? []),
  ].filter((m, i, all) => all.indexOf(m) === i);
  const shown = list.candidates.filter((c) => matches(c, filter));
  const hidden = list.candidates.filter((c) => !matches(c, filter) && ticked.has(c.id));
  const toggle = (id: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const here = `/club/${club.slug}/swap-days/${swapDayId}`;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={here} className="text-sm font-medium text-brand-700 underline">
        {T.back}
      </Link>
      <Card padding="md" as="section" aria-labelledby="wants-title">
        <h1 id="wants-title" className="text-2xl font-bold">
          {T.title(list.item.title)}
        </h1>
        <p className="mt-1 text-slate-700">
          {formatPrice(list.item.priceCents)} · <span className="font-mono">{SWAP_DAY_TEXT.code(list.item.code)}</span>
        </p>
        <p className="mt-2 text-sm text-slate-600">{T.intro}</p>
        <p className="mt-1 text-sm text-slate-600">{T.privateNote}</p>
      </Card>
      <Card padding="md" as="section" aria-labelledby="wants-filter">
        <h2 id="wants-filter" className="mb-2 text-lg font-semibold">
          {T.filters}
        </h2>
        <Form method="get" className="grid grid-cols-2 gap-3 sm:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
          <input type="hidden" name="item" value={list.item.id} />
          {FACETS.map(([key, value, label]) => {
            const options = new Map(list.candidates.map((c) => [value(c), label(c)] as const).filter(([v]) => v));
            return (
              <label key={key} className="text-sm font-medium">
                {T[key]}
                <Select
                  name={key}
                  value={filter[key]}
                  onChange={(e) => setFilter((f) => ({ ...f, [key]: e.target.value }))}
                  className="mt-1 block w-full"
                >
                  <option value="">{T.any}</option>
                  {[...options].map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </Select>
              </label>
            );
          })}
          <noscript>
            <Button type="submit" variant="secondary" className="mt-6">
              {T.applyFilter}
            </Button>
          </noscript>
        </Form>
      </Card>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="itemId" value={list.item.id} />
        <ErrorList id={form.errorId} errors={errors} />
        <Card padding="md" as="section" aria-labelledby="wants-items">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="wants-items" className="text-lg font-semibold">
              {T.showing(shown.length, list.candidates.length)}
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {T.ticked(ticked.size)}
            </p>
          </div>
          {list.candidates.length === 0 ? <p className="text-sm text-slate-600">{T.none}</p> : null}
          {list.candidates.length > 0 && shown.length === 0 ? <p className="text-sm text-slate-600">{T.noneMatch}</p> : null}
          {hidden.map((c) => (
            <span key={c.id}>
              <input type="hidden" name="want" value={c.id} />
              <input type="hidden" name="rank" value={`${c.id}:${c.rank ?? 0}`} />
            </span>
          ))}
          <ul className="grid gap-2 sm:grid-cols-2">
            {shown.map((c) => (
              <li key={c.id} className="flex gap-3 rounded-lg border border-slate-200 p-2">
                {c.photo ? (
                  <img src={c.photo} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded object-cover" />
                ) : (
                  <span aria-hidden className="h-16 w-16 shrink-0 rounded bg-slate-100" />
                )}
                <div className="min-w-0 flex-1 space-y-1">
                  <CheckboxField
                    label={
                      <span className="font-medium">
                        <span className="sr-only">{T.wantPrefix} </span>
                        {c.title} · {formatPrice(c.priceCents)}
                      </span>
                    }
                    inputProps={{ name: "want", value: c.id, defaultChecked: c.wanted, onChange: (e) => toggle(c.id, e.target.checked) }}
                  />
                  <p className="text-xs text-slate-600">
                    {[c.labels.sport, c.labels.type, c.labels.size, c.labels.condition].filter(Boolean).join(" · ")}
                  </p>
                  <Select name="rank" defaultValue={`${c.id}:${c.rank ?? 0}`} aria-label={T.rank(c.title)} controlSize="xs">
                    <option value={`${c.id}:0`}>{T.noRank}</option>
                    {RANKS.map((n) => (
                      <option key={n} value={`${c.id}:${n}`}>
                        {T.rankOption(n)}
                      </option>
                    ))}
                  </Select>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card padding="md" as="section" aria-labelledby="wants-cash">
          <h2 id="wants-cash" className="mb-2 text-lg font-semibold">
            {T.cash}
          </h2>
          <CashLimitFields addUpTo={fields.addUpTo} needBack={fields.needBack} />
          <div className="mt-3 flex justify-end">
            <SubmitButton pending={saving} pendingText={T.saving}>
              {T.save}
            </SubmitButton>
          </div>
        </Card>
      </Form>
    </div>
  );
}
