import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LIMITS } from "~/shared/catalog/options";
import { ClubCard } from "~/components/clubs/club-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CLUB_ERRORS, CLUB_TEXT } from "~/shared/copy/clubs";
import { DIRECTORY_PAGE_SIZE, listClubsForDirectory } from "~/features/clubs/club-directory.server";
import { getUser } from "~/web/session.server";
import { pageMeta } from "~/web/meta";
import { useHydrated } from "~/hooks/use-hydrated";
import { photoUrl } from "~/features/photos/urls";

// The club directory (spec 02 §2 Clubs directory, §9): what this viewer may see (the domain's SQL),
// newest first, 20 at a time. 'Load More' (ADR 028) is a plain link asking for 20 more (?limit=),
// so it works without JS; with JS a fetcher asks for the next page alone (?offset=) and appends it,
// so the grid and the scroll position stay.

const MAX_LIMIT = 200;

export const meta: MetaFunction = () =>
  pageMeta(
    `${CLUB_TEXT.directoryTitle} — LockerSwap`,
    "Find youth sports clubs, organizations, leagues and schools near you on LockerSwap, and join them to trade gear with your team.",
  );

/** `?offset=` of the fetcher's next page: a whole number within bounds, else null (a full page load). */
function parseOffset(raw: string | null): number | null {
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n < MAX_LIMIT ? n : 0;
}

/** `?limit=` as a whole multiple of the page size within bounds; anything else is the first page. */
function parseLimit(raw: string | null): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < DIRECTORY_PAGE_SIZE) return DIRECTORY_PAGE_SIZE;
  return Math.min(MAX_LIMIT, Math.ceil(n / DIRECTORY_PAGE_SIZE) * DIRECTORY_PAGE_SIZE);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const offset = parseOffset(url.searchParams.get("offset"));
  const limit = offset === null ? parseLimit(url.searchParams.get("limit")) : Math.min(DIRECTORY_PAGE_SIZE, MAX_LIMIT - offset);
  const viewer = await getUser(request, context);
  const { clubs, hasMore } = await listClubsForDirectory(context.db, viewer, { q, limit, offset: offset ?? 0 });
  return {
    q,
    hasMore: hasMore && (offset ?? 0) + limit < MAX_LIMIT,
    clubs: clubs.map((c) => ({
      slug: c.slug,
      name: c.name,
      type: c.type,
      sport: c.sport,
      city: c.city,
      state: c.state,
      memberCount: c.memberCount,
      logoUrl: c.logoKey ? photoUrl(c.logoKey) : null,
    })),
  };
}

function moreHref(q: string, nextLimit: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  params.set("limit", String(nextLimit));
  return `?${params}`;
}

/** The fetcher's URL for the next page alone (`index`: the index route's loader, not a layout's). */
function nextPageHref(q: string, offset: number) {
  const params = new URLSearchParams({ index: "" });
  if (q) params.set("q", q);
  params.set("offset", String(offset));
  return `/clubs?${params}`;
}

export default function ClubsDirectory() {
  const page = useLoaderData<typeof loader>();
  const { q } = page;
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof loader>();
  // The pages appended by Load More; a new search (new loader data) starts again from the first page.
  const [more, setMore] = useState<{ clubs: typeof page.clubs; hasMore: boolean } | null>(null);
  useEffect(() => setMore(null), [page]);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const next = fetcher.data;
    if (fetcher.state !== "idle" || !next) return;
    setMore((prev) => {
      const shown = [...page.clubs, ...(prev?.clubs ?? [])];
      const seen = new Set(shown.map((c) => c.slug));
      // Offsets shift when a club is created meanwhile: never show one twice.
      return { clubs: [...(prev?.clubs ?? []), ...next.clubs.filter((c) => !seen.has(c.slug))], hasMore: next.hasMore };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per fetched page
  }, [fetcher.data, fetcher.state]);
  const clubs = more ? [...page.clubs, ...more.clubs] : page.clubs;
  const hasMore = more ? more.hasMore : page.hasMore;
  const nextLimit = clubs.length + LIMITS.clubsPageSize;
  // Keyboard users land on the first new card, not back at the top.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || clubs.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>("li a")[from]?.focus({ preventScroll: true });
  }, [clubs.length]);
  const loading = fetcher.state !== "idle";
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{CLUB_TEXT.directoryTitle}</h1>
        <ButtonLink to="/clubs/new">Create a Club</ButtonLink>
      </div>
      <Form method="get" role="search" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="club-search">Search clubs by name</Label>
          <Input id="club-search" type="search" name="q" defaultValue={q} maxLength={100} className="mt-1 block w-full" />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {clubs.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">{q ? `No clubs match “${q}”` : "No clubs yet"}</p>
          <p className="mt-1 text-slate-600">{q ? "Try another name, or start your own." : "Be the first: create a club for your team."}</p>
        </div>
      ) : (
        <ul ref={listRef} aria-label="Clubs" className="mt-6 grid gap-4 sm:grid-cols-2">
          {clubs.map((club) => (
            <ClubCard key={club.slug} club={club} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className="mt-6 text-center">
          <ButtonLink
            variant="secondary"
            to={moreHref(q, nextLimit)}
            preventScrollReset
            aria-disabled={loading || undefined}
            data-enhanced={hydrated || undefined}
            className={loading ? "pointer-events-none opacity-60" : undefined}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              if (loading) return;
              focusFrom.current = clubs.length;
              fetcher.load(nextPageHref(q, clubs.length));
            }}
          >
            {loading ? "Loading..." : "Load More"}
          </ButtonLink>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {more ? `Showing ${clubs.length} clubs` : ""}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{CLUB_ERRORS.loadingClubs.title}</h1>
      <p className="mt-2 text-slate-600">{CLUB_ERRORS.loadingClubs.description}</p>
    </div>
  );
}
