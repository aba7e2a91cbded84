import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ClubCard } from "~/components/club-card";
import { buttonClass, inputClass, labelClass } from "~/components/ui/styles";
import { CLUB_ERRORS, CLUB_TEXT } from "~/domain/club-messages";
import { DIRECTORY_PAGE_SIZE, listClubsForDirectory } from "~/domain/clubs.server";
import { getUser } from "~/domain/session.server";
import { pageMeta } from "~/lib/meta";
import { listingPhotoUrl } from "~/schemas/search";

// The club directory (spec 02 §2 Clubs directory, §9): what this viewer may see (the domain's SQL),
// newest first, 20 at a time; 'Load More' is a plain link asking for 20 more, so it works without JS.

const MAX_LIMIT = 200;

export const meta: MetaFunction = () =>
  pageMeta(`${CLUB_TEXT.directoryTitle} — LockerSwap`, "Find youth sports clubs, organizations, leagues and schools near you on LockerSwap, and join them to trade gear with your team.");

/** `?limit=` as a whole multiple of the page size within bounds; anything else is the first page. */
function parseLimit(raw: string | null): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < DIRECTORY_PAGE_SIZE) return DIRECTORY_PAGE_SIZE;
  return Math.min(MAX_LIMIT, Math.ceil(n / DIRECTORY_PAGE_SIZE) * DIRECTORY_PAGE_SIZE);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const limit = parseLimit(url.searchParams.get("limit"));
  const viewer = await getUser(request, context);
  const { clubs, hasMore } = await listClubsForDirectory(context.db, viewer, { q, limit });
  return {
    q,
    nextLimit: limit + DIRECTORY_PAGE_SIZE,
    hasMore: hasMore && limit < MAX_LIMIT,
    clubs: clubs.map((c) => ({
      slug: c.slug,
      name: c.name,
      type: c.type,
      sport: c.sport,
      city: c.city,
      state: c.state,
      memberCount: c.memberCount,
      logoUrl: c.logoKey ? listingPhotoUrl(c.logoKey) : null,
    })),
  };
}

function moreHref(q: string, nextLimit: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  params.set("limit", String(nextLimit));
  return `?${params}`;
}

export default function ClubsDirectory() {
  const { q, nextLimit, clubs, hasMore } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{CLUB_TEXT.directoryTitle}</h1>
        <Link to="/clubs/new" className={buttonClass.primary}>
          Create a Club
        </Link>
      </div>
      <Form method="get" role="search" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="club-search" className={labelClass}>
            Search clubs by name
          </label>
          <input id="club-search" type="search" name="q" defaultValue={q} maxLength={100} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>
      {clubs.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">{q ? `No clubs match “${q}”` : "No clubs yet"}</p>
          <p className="mt-1 text-slate-600">{q ? "Try another name, or start your own." : "Be the first: create a club for your team."}</p>
        </div>
      ) : (
        <ul aria-label="Clubs" className="mt-6 grid gap-4 sm:grid-cols-2">
          {clubs.map((club) => (
            <ClubCard key={club.slug} club={club} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className="mt-6 text-center">
          <Link to={moreHref(q, nextLimit)} preventScrollReset className={buttonClass.secondary}>
            Load More
          </Link>
        </div>
      ) : null}
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
