import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { SEARCH_LIMITS as LIMITS, SEARCH_TIMINGS_MS as TIMINGS_MS } from "~/shared/catalog/browse-options";
import { HOME_SPORT_KEYS } from "~/shared/catalog/home-sports";
import { sportName } from "~/shared/catalog/sport-names";
import type { SearchState } from "~/shared/search-params";
import { useHydrated } from "~/hooks/use-hydrated";

/** The part of the URL state the home page's forms show. */
export type HomeSearchState = Pick<SearchState, "q" | "location" | "zip" | "club" | "sports" | "radius">;
import { SearchSuggest } from "./search-suggest";
import { showToast } from "../layout/toaster";
import { Button, ButtonLink, ButtonSummary } from "../ui/button";
import { RadiusSelect } from "../ui/radius-select";

const CLUB_DEBOUNCE_MS = 300;

/** Hidden copies of the state another form on the page owns, so submitting one keeps the rest. */
function Keep({ state, fields }: { state: HomeSearchState; fields: ("q" | "club" | "sports" | "radius" | "location" | "zip")[] }) {
  return (
    <>
      {fields.map((field) => {
        const value =
          field === "sports"
            ? state.sports.join(",")
            : field === "radius"
              ? state.radius === 25
                ? ""
                : String(state.radius)
              : state[field];
        return value ? <input key={field} type="hidden" name={field} value={value} /> : null;
      })}
    </>
  );
}

/**
 * The club combobox of 'Advanced Filters'. Without JavaScript the box itself is the `club` field
 * (a slug); once hydrated, picking a club puts its slug in a hidden field and the box shows the name.
 */
function ClubPicker({ slug, name }: { slug: string; name: string | null }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState({ slug, name: name ?? slug });
  useEffect(() => setChosen({ slug, name: name ?? slug }), [slug, name]);
  return (
    <div className="space-y-2">
      <SearchSuggest
        label="Club"
        showLabel="label"
        name={hydrated ? undefined : "club"}
        defaultValue={hydrated ? chosen.name : slug}
        placeholder="Search clubs"
        kind="clubs"
        debounceMs={CLUB_DEBOUNCE_MS}
        onPick={(item) => setChosen({ slug: item.detail ?? "", name: item.label })}
      />
      {hydrated && <input type="hidden" name="club" value={chosen.slug} />}
      <div className="flex items-center justify-between text-sm">
        {hydrated ? (
          <Button variant="link" className="font-normal text-slate-600" onClick={() => setChosen({ slug: "", name: "" })}>
            Clear selection
          </Button>
        ) : (
          <span />
        )}
        <Link to="/clubs" className="font-medium text-brand-700 underline">
          Browse all clubs
        </Link>
      </div>
    </div>
  );
}

/**
 * Spec 01 §5: nothing entered → toast and no search. (A keyword that names no sport gets
 * 'Searching all sports' from the home page once its results arrive: the server decides what is
 * a sport, so the matcher does not ship to the browser.)
 */
function checkCriteria(event: FormEvent<HTMLFormElement>) {
  const form = new FormData(event.currentTarget);
  const value = (name: string) => String(form.get(name) ?? "").trim();
  if (!value("q") && !value("location") && !value("club")) {
    event.preventDefault();
    showToast({
      title: "Please enter search criteria",
      description: "Enter a sport, equipment, club, or location to search",
      variant: "destructive",
    });
  }
}

/** The home header search: location, keyword, Advanced Filters (club) and Search — a GET form to /. */
export function HomeSearchBar({ state, clubName }: { state: HomeSearchState; clubName: string | null }) {
  return (
    <div>
      <Form
        method="get"
        action="/"
        onSubmit={checkCriteria}
        role="search"
        aria-label="Search listings"
        className="flex flex-col gap-2 rounded-xl bg-white p-3 shadow-md md:flex-row md:items-start"
      >
        <SearchSuggest
          label="Location"
          name="location"
          defaultValue={state.location || state.zip}
          placeholder="Town or ZIP"
          maxLength={LIMITS.locationInputMax}
          kind="locations"
          debounceMs={TIMINGS_MS.homeLocationDebounce}
          className="text-slate-900"
        />
        <SearchSuggest
          label="Keyword"
          name="q"
          type="search"
          defaultValue={state.q}
          placeholder="Equipment, brand, sport"
          maxLength={100}
          kind="listings"
          debounceMs={TIMINGS_MS.keywordSuggestionsDebounce}
          className="text-slate-900"
        />
        <details className="relative text-slate-900 md:w-auto" open={Boolean(state.club) || undefined} data-menu>
          <ButtonSummary className="w-full text-sm shadow-sm">Filters</ButtonSummary>
          <div className="z-40 mt-2 w-full rounded-lg border border-slate-200 bg-white p-3 shadow-lg md:absolute md:right-0 md:w-80">
            <p className="mb-2 font-semibold">Advanced Filters</p>
            <ClubPicker slug={state.club} name={clubName} />
            <Button type="submit" className="mt-3 w-full text-sm">
              Apply Filters
            </Button>
          </div>
        </details>
        <Keep state={state} fields={["sports", "radius"]} />
        <Button type="submit" className="text-sm">
          Search
        </Button>
      </Form>
      <Link to="/clubs" className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-white underline">
        Looking for your team's gear hub? Find your organization.
      </Link>
    </div>
  );
}

/**
 * The listings section's own GET form: location, radius, the Sports drawer and Search.
 * `clearSportsHref` is the page without the sports filter (the drawer's Clear), made by the loader.
 */
export function HomeListingFilters({ state, clearSportsHref }: { state: HomeSearchState; clearSportsHref: string }) {
  return (
    <Form method="get" action="/" aria-label="Filter listings" className="relative flex flex-wrap items-end gap-2">
      <div className="w-full sm:w-64">
        <SearchSuggest
          label="Location"
          showLabel="small"
          name="location"
          defaultValue={state.location || state.zip}
          placeholder="Town or ZIP"
          maxLength={LIMITS.locationInputMax}
          kind="locations"
          debounceMs={TIMINGS_MS.homeLocationDebounce}
        />
      </div>
      <RadiusSelect label="Radius" defaultValue={state.radius} />
      <details className="sm:relative" data-menu>
        <ButtonSummary size="sm" className="font-medium shadow-sm">
          Sports{state.sports.length ? ` (${state.sports.length})` : ""}
        </ButtonSummary>
        {/* On a phone the drawer spans the form (the summary may sit anywhere in the wrapped row). */}
        <fieldset className="absolute inset-x-0 z-30 mt-2 rounded-lg border border-slate-200 bg-white p-3 shadow-lg sm:inset-x-auto sm:left-0 sm:w-80">
          <legend className="sr-only">Sports</legend>
          <div className="grid grid-cols-2 gap-1">
            {HOME_SPORT_KEYS.map((key) => (
              <label key={key} className="flex min-h-11 min-w-0 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="sports"
                  value={key}
                  defaultChecked={state.sports.includes(key)}
                  className="h-4 w-4 shrink-0 accent-brand-600"
                />
                {sportName(key)}
              </label>
            ))}
          </div>
          <div className="mt-3 flex gap-2">
            <Button type="submit" className="flex-1 text-sm">
              Apply Filters
            </Button>
            {/* A link to the same listings without `sports`: works without JavaScript. */}
            <ButtonLink to={clearSportsHref} preventScrollReset variant="secondary" size="sm" className="font-normal">
              Clear
            </ButtonLink>
          </div>
        </fieldset>
      </details>
      <Keep state={state} fields={["q", "club"]} />
      <Button type="submit" className="text-sm">
        Search
      </Button>
    </Form>
  );
}
