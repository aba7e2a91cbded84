import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { CONDITION_OPTIONS } from "~/shared/catalog/conditions";
import { GENDERS, SEARCH_LIMITS as LIMITS, PRICE_SLIDER, QUICK_PRICE_RANGES, SIZES } from "~/shared/catalog/browse-options";
import type { SearchState } from "~/shared/search-params";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { RadiusSelect } from "../ui/radius-select";
import { PillLink } from "../ui/pill-link";

export const FILTER_FORM_ID = "filters";

/**
 * What the panel needs beyond the URL state, built by the route's loader: only this sport's (and
 * tennis sub-category's) types and brands travel to the browser, never the whole equipment
 * catalogue, and the links are made on the server (ADR 033, first-load JavaScript).
 */
export type FilterPanelData = {
  types: readonly string[];
  brands: readonly string[];
  /** Tennis only: the racquet-sport sub-categories. */
  categories: readonly { key: string; label: string }[] | null;
  /** 'Filters (n)'. */
  count: number;
  /** The links of QUICK_PRICE_RANGES, in order. */
  priceHrefs: readonly string[];
  /** Set when the viewer may not see prices: price filters and sorts do not apply (ADR 014). */
  priceSignInHref: string | null;
};

export const PRICE_SIGN_IN_TEXT = "Sign in to filter and sort by price";

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-t border-slate-200 pt-3">
      <legend className="mb-2 pt-3 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="space-y-1.5">{children}</div>
    </fieldset>
  );
}

function Check({ name, value, label, checked }: { name: string; value: string; label?: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4 accent-brand-600" />
      {label ?? value}
    </label>
  );
}

/**
 * One end of the price range: a slider 0–500 in steps of 5 (spec 01 §2) with its amount beside
 * it. A plain form field, so it submits without JavaScript; the open ends (0, 500) mean no bound.
 */
function PriceSlider({ name, label, value }: { name: "priceMin" | "priceMax"; label: string; value: number }) {
  const amount = (dollars: string | number) => `$${dollars}${name === "priceMax" && Number(dollars) === PRICE_SLIDER.max ? "+" : ""}`;
  // Keyed by the URL's value: a navigation that changes it starts the slider (and its amount) afresh.
  return (
    <div key={value} className="text-xs text-slate-600">
      <label htmlFor={name}>{label}</label> <output className="float-right">{amount(value)}</output>
      <input
        id={name}
        type="range"
        name={name}
        min={PRICE_SLIDER.min}
        max={PRICE_SLIDER.max}
        step={PRICE_SLIDER.step}
        defaultValue={value}
        onChange={(event) => {
          const output = event.currentTarget.previousElementSibling;
          if (output) output.textContent = amount(event.currentTarget.value);
        }}
        className="mt-1 block w-full accent-brand-600"
      />
    </div>
  );
}

/** Brand: a search box (with JavaScript), the first 6, the rest behind 'Show N more' (a <details>). */
function BrandGroup({ brands, selected }: { brands: readonly string[]; selected: string[] }) {
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle ? brands.filter((brand) => brand.toLowerCase().includes(needle)) : brands;
  const head = needle ? shown : shown.slice(0, LIMITS.brandListPreview);
  const rest = needle ? [] : shown.slice(LIMITS.brandListPreview);
  // Selected brands outside the lists (e.g. from an old URL) still show, so they can be unticked.
  const extra = selected.filter((brand) => !brands.includes(brand));
  return (
    <Group title="Brand">
      <label className="sr-only" htmlFor="brand-search">
        Search brands
      </label>
      <Input
        id="brand-search"
        type="search"
        placeholder="Search brands"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        controlSize="xs"
        className="mb-1 w-full"
      />
      {[...extra, ...head].map((brand) => (
        <Check key={brand} name="brands" value={brand} checked={selected.includes(brand)} />
      ))}
      {rest.length > 0 && (
        <details className="group" open={rest.some((brand) => selected.includes(brand)) || undefined}>
          <summary className="cursor-pointer list-none text-sm font-medium text-brand-700 underline">
            <span className="group-open:hidden">Show {rest.length} more</span>
            <span className="hidden group-open:inline">Show less</span>
          </summary>
          <div className="mt-1.5 space-y-1.5">
            {rest.map((brand) => (
              <Check key={brand} name="brands" value={brand} checked={selected.includes(brand)} />
            ))}
          </div>
        </details>
      )}
    </Group>
  );
}

/** The price sliders and quick ranges (spec 01 §2), for viewers who may see prices. */
function PriceRange({ state, hrefs }: { state: Pick<SearchState, "priceMin" | "priceMax">; hrefs: readonly string[] }) {
  return (
    <>
      <PriceSlider name="priceMin" label="Min ($)" value={state.priceMin ?? PRICE_SLIDER.min} />
      <PriceSlider name="priceMax" label="Max ($)" value={state.priceMax ?? PRICE_SLIDER.max} />
      <div className="flex flex-wrap gap-1.5 pt-1">
        {QUICK_PRICE_RANGES.map((range, index) => {
          const active = (state.priceMin ?? PRICE_SLIDER.min) === range.min && (state.priceMax ?? PRICE_SLIDER.max) === range.max;
          return (
            <PillLink key={range.label} to={hrefs[index]} preventScrollReset current={active} size="sm">
              {range.label}
            </PillLink>
          );
        })}
      </div>
    </>
  );
}

/**
 * The per-sport filter panel (spec 01 §2 "Filter panel"). A plain GET form: every control works
 * without JavaScript; the keyword box and the sort select join it through `form="filters"`.
 */
export function FilterPanel({
  sport,
  state,
  panel,
}: {
  sport: string;
  state: Omit<SearchState, "sports" | "page">;
  panel: FilterPanelData;
}) {
  const pathname = `/sport/${sport}`;
  const { types, brands, categories, count } = panel;
  return (
    <Form
      id={FILTER_FORM_ID}
      method="get"
      action={pathname}
      preventScrollReset
      className="space-y-1 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold">Filters ({count})</h2>
        <Link to={pathname} className="text-sm font-medium text-brand-700 underline">
          Clear All
        </Link>
      </div>

      {categories && (
        <Group title="Sport Category">
          {[{ key: "", label: "All" }, ...categories].map((entry) => (
            <label key={entry.key} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="category"
                value={entry.key}
                defaultChecked={(state.category ?? "") === entry.key}
                className="h-4 w-4 accent-brand-600"
                onChange={(event) => {
                  // Choosing a category resets types and brands (their lists differ per category).
                  const form = event.currentTarget.form;
                  for (const box of form?.querySelectorAll<HTMLInputElement>('input[name="types"], input[name="brands"]') ?? [])
                    box.checked = false;
                  form?.requestSubmit();
                }}
              />
              {entry.label}
            </label>
          ))}
        </Group>
      )}

      <Group title="Type">
        {types.map((type) => (
          <Check key={type} name="types" value={type} checked={state.types.includes(type)} />
        ))}
      </Group>

      <BrandGroup key={`${sport}:${state.category}`} brands={brands} selected={state.brands} />

      <Group title="Condition">
        {CONDITION_OPTIONS.map((option) => (
          <Check
            key={option.value}
            name="conditions"
            value={option.value}
            label={option.label}
            checked={state.conditions.includes(option.value)}
          />
        ))}
      </Group>

      <Group title="Price Range">
        {panel.priceSignInHref ? (
          <Link to={panel.priceSignInHref} className="text-sm font-medium text-brand-700 underline">
            {PRICE_SIGN_IN_TEXT}
          </Link>
        ) : (
          <PriceRange state={state} hrefs={panel.priceHrefs} />
        )}
      </Group>

      <Group title="Size">
        {SIZES.map((size) => (
          <Check key={size} name="sizeGroups" value={size} checked={state.sizeGroups.includes(size)} />
        ))}
        {state.sizes.map((size) => (
          <Check key={size} name="sizes" value={size} label={`Size ${size}`} checked />
        ))}
      </Group>

      <Group title="Gender">
        {GENDERS.map((gender) => (
          <Check key={gender} name="genders" value={gender} checked={state.genders.includes(gender)} />
        ))}
      </Group>

      <Group title="Location">
        <Label small className="font-normal">
          ZIP code
          <Input
            type="text"
            name="zip"
            inputMode="numeric"
            pattern="\d{5}"
            maxLength={5}
            defaultValue={state.zip}
            controlSize="xs"
            className="mt-1 block w-full"
          />
        </Label>
        <RadiusSelect label="Search radius" defaultValue={state.radius} compact />
      </Group>

      {state.club && <input type="hidden" name="club" value={state.club} />}
      {state.location && <input type="hidden" name="location" value={state.location} />}
      {state.anywhere && <input type="hidden" name="anywhere" value="1" />}

      <div className="pt-3">
        <Button type="submit" size="slim" className="w-full text-sm">
          Apply Filters
        </Button>
      </div>
    </Form>
  );
}
