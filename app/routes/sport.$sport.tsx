import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, isRouteErrorResponse, useLoaderData, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { conditionLabel } from "~/shared/catalog/conditions";
import { TENNIS_SUBCATEGORIES, getBrands, getEquipmentTypes, tennisSubcategoryLabel } from "~/shared/catalog/equipment";
import { SORT_OPTIONS } from "~/shared/catalog/browse-options";
import { SPORTS_BY_NAME, SPORT_NAMES } from "~/shared/catalog/sport-names";
import { getSport } from "~/shared/catalog/sports";
import { FILTER_FORM_ID, FilterPanel, PRICE_SIGN_IN_TEXT, type FilterPanelData } from "~/components/search/filter-panel";
import { ListingCard, ListingCardSkeleton, ListingGrid } from "~/components/listings/listing-card";
import { FilterChips } from "~/components/search/search-chips";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { canSeePrices } from "~/features/listings/listing-visibility.server";
import { labelFits, withFamilySearch } from "~/web/family-search.server";
import { searchListings } from "~/features/search/search.server";
import { getUser } from "~/web/session.server";
import { countPanelFilters, EMPTY_SEARCH, filterChips, parseSearchParams, priceRangeLinks, searchHref } from "~/shared/search-params";
import { clipDescription, pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { returnPath } from "~/platform/security.server";
import { PillLink } from "~/components/ui/pill-link";

const PAGE_SIZE = 24;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(`${SPORT_NAMES[data.sport.key].name} Equipment Near You — LockerSwap`, clipDescription(data.sport.description))
    : pageMeta("Sport not found — LockerSwap", "We do not list this sport. Browse used sports equipment near you on LockerSwap.");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const found = getSport(params.sport);
  if (!found) throw data({ message: "Sport not found" }, { status: 404 });
  // Names and emoji are in the page's own light catalogue (sport-names); only the description travels.
  const sport = { key: found.key, description: found.description };
  const pathname = `/sport/${sport.key}`;
  const url = new URL(request.url);
  const viewer = await getUser(request, context);
  // Price filters and price sorts do not apply for viewers who may not see prices (ADR 014): they
  // are dropped here too, so no chip, link or control pretends otherwise, and the page says why.
  const pricesShown = canSeePrices(viewer);
  const parsed = parseSearchParams(url.searchParams);
  const state = pricesShown ? parsed : { ...parsed, priceMin: null, priceMax: null, sort: EMPTY_SEARCH.sort };
  // 'Load more' shows pages 1..n, so a plain link (no JavaScript) reaches every result.
  // 'Fits {player}' for a guardian (ADR 091): chips and card labels as data, the fit in the search's SQL.
  const [family, result] = await withFamilySearch(context.db, viewer, url, (fits) =>
    searchListings(context.db, viewer, { ...state, sport: sport.key, fits }, { limit: PAGE_SIZE * state.page }),
  );
  if (result.clubNotFound) {
    return redirectWithToast(context, searchHref(pathname, { ...state, club: "" }), {
      title: "Club not found",
      description: "The specified club doesn't exist",
      variant: "destructive",
    });
  }
  const favorites = result.favorites;
  // Only this sport's lists, and links made here: the equipment catalogue of every sport and the
  // URL helpers stay out of the page's JavaScript (ADR 033).
  const panel: FilterPanelData = {
    types: getEquipmentTypes(sport.key, state.category),
    brands: getBrands(sport.key, state.category),
    categories: sport.key === "tennis" ? TENNIS_SUBCATEGORIES.map(({ key, label }) => ({ key, label })) : null,
    count: countPanelFilters(state),
    priceHrefs: pricesShown ? priceRangeLinks(pathname, state).map((link) => link.href) : [],
    priceSignInHref: pricesShown ? null : `/auth?${new URLSearchParams({ redirectTo: returnPath(url) })}`,
  };
  // The sport page has no sports filter, and 'Load more' is a link made here.
  const { sports: _sports, page: _page, ...shown } = state;
  return {
    sport,
    state: shown,
    items: labelFits(result.items, family.fit),
    // '{n} item(s) found' (spec 01 §4); past the count's cap '1,000+ items found' (ADR 074). Written
    // here, so the page's script carries no count logic (its first-load JS is at its 96 KB budget).
    found: `${result.total.toLocaleString("en-US")}${result.totalCapped ? "+" : ""} ${result.total === 1 && !result.totalCapped ? "item" : "items"} found`,
    club: result.club,
    signedIn: Boolean(viewer),
    favorited: [...favorites],
    panel,
    chips: [
      ...family.chips,
      ...filterChips(pathname, state, {
        club: result.club?.name,
        condition: conditionLabel,
        category: (key) => tennisSubcategoryLabel(key) ?? key,
        profileRadius: result.radiusApplied && result.originZip ? { zip: result.originZip, miles: state.radius } : null,
      }).map((chip) => ({ ...chip, href: family.keep(chip.href) })),
    ],
    // A capped count (ADR 074) is at least the pages shown, and more exist past it.
    loadMoreHref:
      result.totalCapped || result.total > result.items.length
        ? family.keep(searchHref(pathname, { ...state, page: state.page + 1 }))
        : null,
  };
}

/** Three sliders: the Filters control reads as a button on a phone. */
function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  );
}

export default function SportBrowse() {
  const data = useLoaderData<typeof loader>();
  const { state, items, found, club, signedIn, favorited, panel, chips, loadMoreHref } = data;
  const sport = { ...data.sport, ...SPORT_NAMES[data.sport.key] };
  const navigation = useNavigation();
  const pathname = `/sport/${sport.key}`;
  const changing = navigation.state === "loading" && navigation.location.pathname.startsWith("/sport/");
  // 'Load more' keeps the cards on screen (and the scroll where it is) while the next page comes.
  const loadingMore = changing && (navigation.location.state as { loadMore?: boolean } | null)?.loadMore === true;
  const loading = changing && !loadingMore;
  const filterCount = panel.count;
  const favoriteSet = new Set(favorited);
  const location = useLocation();

  return (
    <div className="space-y-6">
      <nav aria-label="Sports">
        <ul className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-2">
          {SPORTS_BY_NAME.map((entry) => {
            const current = entry.key === sport.key;
            return (
              <li key={entry.key} className="shrink-0">
                <PillLink to={`/sport/${entry.key}`} current={current} currentValue="page" className={current ? "gap-1" : "gap-1 bg-white"}>
                  <span aria-hidden="true">{entry.emoji}</span> {entry.name}
                </PillLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 px-4 py-8 text-white sm:px-6">
        <h1 className="text-2xl font-bold sm:text-3xl">
          <span aria-hidden="true">{sport.emoji}</span> {sport.name} Equipment Near You
        </h1>
        <p className="mt-2 max-w-2xl text-brand-100">{sport.description}</p>
        <div role="search" className="mt-4 flex max-w-xl gap-2">
          <label htmlFor="sport-keyword" className="sr-only">
            Search {sport.name}
          </label>
          <Input
            id="sport-keyword"
            type="search"
            name="q"
            form={FILTER_FORM_ID}
            defaultValue={state.q}
            maxLength={100}
            placeholder={`Search ${sport.name.toLowerCase()} gear`}
            className="min-w-0 flex-1 border-0 placeholder:text-slate-500"
          />
          <Button type="submit" form={FILTER_FORM_ID} variant="inverse" className="text-sm">
            Search
          </Button>
        </div>
      </section>

      <div className="lg:grid lg:grid-cols-[17rem_1fr] lg:gap-6">
        {/* A CSS-only side sheet below lg: works without JavaScript. */}
        {/* Gone at lg, with its label: the sidebar is always shown there. */}
        <input type="checkbox" id="filters-toggle" className="peer sr-only lg:hidden" aria-controls="filter-sheet" data-menu-toggle />
        <label
          htmlFor="filters-toggle"
          // A label drawn as a button: it toggles the CSS-only sheet's checkbox.
          className={buttonClass({
            variant: "secondary",
            className:
              "mb-4 cursor-pointer gap-2 text-sm shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 lg:hidden",
          })}
        >
          <FilterIcon />
          Filters
          {filterCount > 0 && <span className="rounded-full bg-brand-600 px-2 text-xs text-white">{filterCount}</span>}
        </label>
        <aside
          id="filter-sheet"
          aria-label="Filters"
          className="fixed inset-y-0 left-0 z-40 hidden w-80 max-w-[90vw] overflow-y-auto bg-slate-50 p-3 shadow-xl peer-checked:block lg:static lg:z-auto lg:block lg:w-auto lg:max-w-none lg:overflow-visible lg:bg-transparent lg:p-0 lg:shadow-none"
        >
          <label
            htmlFor="filters-toggle"
            className="mb-2 ml-auto flex min-h-11 w-fit cursor-pointer items-center text-sm font-medium text-slate-700 underline lg:hidden"
          >
            Close filters
          </label>
          {/* Its own scroll, so Apply Filters stays reachable however long the lists are. */}
          <div className="lg:sticky lg:top-32 lg:max-h-[calc(100vh-9rem)] lg:overflow-y-auto lg:overscroll-contain lg:pb-2">
            <FilterPanel sport={sport.key} state={state} panel={panel} />
          </div>
        </aside>

        <section aria-labelledby="results-title" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="results-title" className="mr-auto text-lg font-semibold" aria-live="polite">
              {loading ? "Loading..." : found}
            </h2>
            {panel.priceSignInHref ? (
              <p className="text-sm text-slate-600">
                Newest first ·{" "}
                <Link to={panel.priceSignInHref} className="font-medium text-brand-700 underline">
                  {PRICE_SIGN_IN_TEXT}
                </Link>
              </p>
            ) : (
              <SortSelect sort={state.sort} />
            )}
            {signedIn ? (
              <Form method="post" action="/saved-searches">
                {/* 'Save this search' (ADR 071), inline: a shared component would be a chunk of its own (96 KB budget). */}
                <input type="hidden" name="intent" value="save" />
                <input type="hidden" name="path" value={pathname} />
                <input type="hidden" name="query" value={location.search.slice(1)} />
                <Button type="submit" variant="secondary" size="sm">
                  Save this search
                </Button>
              </Form>
            ) : null}
            <ButtonLink to="/list-item" size="sm">
              List an Item
            </ButtonLink>
          </div>
          <FilterChips chips={chips} clearHref={pathname} />

          {loading ? (
            <ListingGrid>
              {Array.from({ length: 6 }, (_, index) => (
                <ListingCardSkeleton key={index} />
              ))}
            </ListingGrid>
          ) : items.length === 0 && chips.some((chip) => chip.key !== "club") ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="font-semibold">No listings match your filters</p>
              <Link to={pathname} className="mt-2 inline-block font-medium text-brand-700 underline">
                Clear All
              </Link>
            </div>
          ) : items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="font-semibold">
                No {sport.name} listings{club ? ` in ${club.name}` : ""} yet.
              </p>
              <Link to="/list-item" className="mt-2 inline-block font-medium text-brand-700 underline">
                Be the first to list an item!
              </Link>
            </div>
          ) : (
            <>
              <ListingGrid>
                {items.map((item, index) => (
                  <ListingCard key={item.id} index={index} listing={item} signedIn={signedIn} favorited={favoriteSet.has(item.id)} />
                ))}
              </ListingGrid>
              {loadMoreHref && (
                <div className="text-center">
                  <ButtonLink
                    to={loadMoreHref}
                    state={{ loadMore: true }}
                    preventScrollReset
                    aria-disabled={loadingMore || undefined}
                    variant="secondary"
                    className="text-sm"
                  >
                    {loadingMore ? "Loading..." : "Load more"}
                  </ButtonLink>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Sport not found" : "Error loading listings"}</h1>
      {!notFound && <p className="mt-2 text-slate-600">Please try again later</p>}
      <Link to="/" className="mt-6 inline-block font-medium text-brand-700 underline">
        Back to Home
      </Link>
    </div>
  );
}

/** 'Sort by' (spec 01 §2), for viewers who may see prices. Joins the filter form; a button without JavaScript. */
function SortSelect({ sort }: { sort: string }) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <span>Sort by</span>
        <Select
          name="sort"
          form={FILTER_FORM_ID}
          defaultValue={sort}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          controlSize="sm"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </label>
      <noscript>
        <Button type="submit" form={FILTER_FORM_ID} variant="secondary" size="xs" className="font-normal">
          Sort
        </Button>
      </noscript>
    </>
  );
}
