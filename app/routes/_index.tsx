import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { LIMITS } from "~/shared/catalog/options";
import { splitSportKeyword } from "~/shared/catalog/sport-match";
import { HOME_SPORT_KEYS } from "~/shared/catalog/home-sports";
import { SPORT_NAMES, sportName } from "~/shared/catalog/sport-names";
import { lazy, Suspense, useEffect, useRef } from "react";
import { ListingCard, ListingGrid } from "~/components/listings/listing-card";
import { HomeListingFilters, HomeSearchBar } from "~/components/search/search-bar";
import { FilterChips } from "~/components/search/search-chips";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/layout/toaster";
import { listNearby } from "~/features/search/nearby.server";
import { labelFits, withFamilySearch, type FamilySearch } from "~/web/family-search.server";
import { searchListings } from "~/features/search/search.server";
import { visitorOrigin } from "~/features/accounts/visitor-location.server";
import { getUser } from "~/web/session.server";
import { filterChips, hasHomeCriteria, HOME_SEARCH_KEYS, homeSearchState, parseSearchParams, searchHref } from "~/shared/search-params";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/web/meta";

// 'Set your location' is a <details> with a plain form: the server renders it whole and it works
// before its code arrives, so it stays out of the first load (ADR 033).
const VisitorLocation = lazy(() => import("~/components/search/location-dialog").then((module) => ({ default: module.VisitorLocation })));

export const meta: MetaFunction = () =>
  pageMeta(
    "LockerSwap — Buy, Sell & Swap Sports Equipment Locally",
    "Buy, sell and swap used sports gear with families, players and teams near you. No shipping, no seller fees.",
  );

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = parseSearchParams(url.searchParams);
  // The home page knows only its own keys (spec 01 §2); the rest belongs to /sport/{sport}.
  const state = homeSearchState(parsed);

  // A submitted search with nothing in it (spec 01 §5). With JavaScript the form never sends it.
  const submitted = HOME_SEARCH_KEYS.some((key) => url.searchParams.has(key));
  if (submitted && !hasHomeCriteria(state) && url.searchParams.has("q")) {
    return redirectWithToast(context, "/", {
      title: "Please enter search criteria",
      description: "Enter a sport, equipment, club, or location to search",
      variant: "destructive",
    });
  }
  // A keyword naming a sport goes to that sport's page (spec 01 §4), keeping where, which club and
  // the rest of the keyword ('soccer cleats' → /sport/soccer?q=cleats).
  const match = splitSportKeyword(state.q);
  if (state.q && match) {
    throw redirect(
      searchHref(`/sport/${match.sport}`, {
        q: match.rest,
        location: state.location,
        zip: state.zip,
        club: state.club,
        radius: state.radius,
      }),
    );
  }

  const viewer = await getUser(request, context);
  // A signed-out visitor with no search of their own: the nearest recent listings (ADR 035).
  const origin = !viewer && !hasHomeCriteria(state) ? visitorOrigin(request, context) : null;
  if (origin) {
    try {
      const nearby = await listNearby(context.db, null, origin, LIMITS.homeGrid);
      const result = { items: nearby.items, club: null, radiusApplied: false, originZip: null };
      const place = nearby.place ?? ("place" in origin ? origin.place : null);
      const where = "zip" in origin ? (place ? `${place} ${origin.zip}` : origin.zip) : (place ?? "your area");
      return {
        ...homeData(state, result, viewer, new Set()),
        loadError: false,
        visitorNear: { where, near: nearby.near, zip: "zip" in origin ? origin.zip : null },
      };
    } catch (error) {
      console.error(JSON.stringify({ level: "error", event: "home_nearby_failed", message: String(error) }));
    }
  }
  let result: Awaited<ReturnType<typeof searchListings>>;
  // 'Fits {player}' for a guardian (ADR 091): chips and card labels as data, the fit in the search's SQL.
  let family: FamilySearch | null = null;
  try {
    // The home grid shows no count, so none is computed (ADR 010).
    [family, result] = await withFamilySearch(context.db, viewer, new URL(request.url), (fits) =>
      searchListings(context.db, viewer, { ...state, fits }, { limit: LIMITS.homeGrid, count: false }),
    );
  } catch (error) {
    // The page still renders (header search, intro); the grid says it failed (spec 01 §8).
    console.error(JSON.stringify({ level: "error", event: "home_listings_failed", message: String(error) }));
    return {
      ...homeData(state, { items: [], club: null, radiusApplied: false, originZip: null }, viewer, new Set()),
      loadError: true,
      visitorNear: null,
    };
  }
  if (result.clubNotFound) {
    return redirectWithToast(context, searchHref("/", { ...state, club: "" }), {
      title: "Club not found",
      description: "The specified club doesn't exist",
      variant: "destructive",
    });
  }
  const favorites = result.favorites;
  const page = homeData(state, { ...result, items: labelFits(result.items, family.fit) }, viewer, favorites);
  return {
    ...page,
    chips: [...family.chips, ...page.chips.map((chip) => ({ ...chip, href: family.keep(chip.href) }))],
    loadError: false,
    visitorNear: null,
  };
}

function homeData(
  state: ReturnType<typeof parseSearchParams>,
  result: Pick<Awaited<ReturnType<typeof searchListings>>, "items" | "club" | "radiusApplied" | "originZip">,
  viewer: Awaited<ReturnType<typeof getUser>>,
  favorites: Set<string>,
) {
  return {
    // Only what the page's forms show: the rest of the state is defaults here.
    state: { q: state.q, location: state.location, zip: state.zip, club: state.club, sports: state.sports, radius: state.radius },
    items: result.items,
    club: result.club,
    signedIn: Boolean(viewer),
    favorited: [...favorites],
    filtered: hasHomeCriteria(state),
    // Built here so the URL helpers stay out of the page's JavaScript (ADR 033).
    chips: filterChips("/", state, {
      club: result.club?.name,
      sport: sportName,
      profileRadius: result.radiusApplied && result.originZip ? { zip: result.originZip, miles: state.radius } : null,
    }),
    clearSportsHref: searchHref("/", { ...state, sports: [] }),
  };
}

const STEPS = [
  { n: 1, title: "List Gear", text: "Snap a pic and add the item" },
  { n: 2, title: "Connect Locally", text: "Chat with neighbors and teammates" },
  { n: 3, title: "Swap or Sell", text: "Meet up safely, no shipping" },
];

export default function Home() {
  const { state, items, club, signedIn, favorited, filtered, chips, clearSportsHref, loadError, visitorNear } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  const showIntro = !location.search;
  const favoriteSet = new Set(favorited);
  useEffect(() => {
    if (loadError) showToast({ title: "Error loading listings", description: "Please try again later", variant: "destructive" });
  }, [loadError, location.key]);
  // Spec 01 §4: a new keyword naming no sport (one naming a sport was redirected to its page).
  const shownQ = useRef(state.q);
  useEffect(() => {
    if (state.q && state.q !== shownQ.current)
      showToast({ title: "Searching all sports", description: `Looking for ${state.q} across all categories...` });
    shownQ.current = state.q;
  }, [state.q]);

  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 px-4 py-8 text-white sm:px-6">
        <h1 className="text-2xl font-bold sm:text-4xl">Buy, Sell &amp; Swap Sports Equipment Locally</h1>
        <p className="mb-5 mt-2 max-w-2xl text-brand-100">
          Local with no shipping, safe meetups in public places, no seller fees, and team swaps with your club.
        </p>
        <HomeSearchBar state={state} clubName={club?.name ?? null} />
      </section>

      {showIntro && (
        <>
          <section aria-labelledby="how-it-works">
            <h2 id="how-it-works" className="text-xl font-bold">
              How It Works
            </h2>
            <ol className="mt-4 grid gap-4 sm:grid-cols-3">
              {STEPS.map((step) => (
                <li key={step.n} className="rounded-xl bg-white p-5 shadow-sm">
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                    {step.n}
                  </span>
                  <p className="mt-3 font-semibold">{step.title}</p>
                  <p className="text-sm text-slate-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="browse-by-sport">
            <h2 id="browse-by-sport" className="text-xl font-bold">
              Browse by Sport
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2">
              {HOME_SPORT_KEYS.map((key) => {
                const sport = SPORT_NAMES[key];
                return (
                  <li key={key}>
                    <Link
                      to={`/sport/${key}`}
                      className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm hover:border-brand-500"
                    >
                      <span aria-hidden="true">{sport.emoji}</span> {sport.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}

      <section aria-labelledby="listings-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="listings-title" className="text-xl font-bold">
            {filtered ? "Search Results" : "Recent Listings Near You"}
          </h2>
          {filtered && signedIn ? (
            <Form method="post" action="/saved-searches">
              {/* 'Save this search' (ADR 071), inline: a shared component would be a chunk of its own (96 KB budget). */}
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="path" value="/" />
              <input type="hidden" name="query" value={location.search.slice(1)} />
              <Button type="submit" variant="secondary" size="sm">
                Save this search
              </Button>
            </Form>
          ) : null}
        </div>
        {visitorNear ? (
          <Suspense>
            <VisitorLocation where={visitorNear.where} near={visitorNear.near} zipCode={visitorNear.zip} />
          </Suspense>
        ) : null}
        <HomeListingFilters state={state} clearSportsHref={clearSportsHref} />
        <FilterChips chips={chips} clearHref="/" />
        {loading ? (
          <p role="status" className="py-10 text-center text-slate-600">
            Loading listings...
          </p>
        ) : loadError ? (
          <div role="alert" className="rounded-xl border border-dashed border-red-300 bg-white p-10 text-center">
            <p className="font-semibold">Error loading listings</p>
            <p className="mt-1 text-sm text-slate-600">Please try again later</p>
          </div>
        ) : items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            {filtered ? (
              <p className="font-semibold">No listings match your filters</p>
            ) : (
              <>
                <p className="font-semibold">No listings available yet</p>
                <Link to="/list-item" className="mt-2 inline-block font-medium text-brand-700 underline">
                  Be the first to list an item!
                </Link>
              </>
            )}
          </div>
        ) : (
          <ListingGrid>
            {items.map((item, index) => (
              <ListingCard key={item.id} index={index} listing={item} signedIn={signedIn} favorited={favoriteSet.has(item.id)} />
            ))}
          </ListingGrid>
        )}
      </section>
    </div>
  );
}
