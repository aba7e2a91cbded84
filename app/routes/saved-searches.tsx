import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { SavedSearchList, type RenameReply } from "~/components/saved-searches/saved-search-list";
import { ErrorList } from "~/components/ui/field";
import { ButtonLink } from "~/components/ui/button";
import {
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
  saveSearch,
  searchPlace,
  searchPlaceHref,
  setSavedSearchPaused,
} from "~/features/matching/saved-searches.server";
import { SAVED_SEARCHES_MAX } from "#db/schema";
import { limitReached, NO_CRITERIA, SEARCH_SAVED } from "~/shared/copy/saved-searches";
import { getFormConstraint } from "~/shared/form-constraint";
import { knownIntent } from "~/shared/schemas/intent";
import { RenameSavedSearchSchema, SavedSearchActionSchema } from "~/shared/schemas/saved-search";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";
import { invalidSubmission } from "~/web/submission.server";
import { redirectWithToast } from "~/web/toast.server";

// Saved searches (ADR 071): a person's saved searches with 'Run now', their matches, rename,
// pause / resume and delete; and the action 'Save this search' posts to from the home search
// results and every sport page. Every change is to the viewer's own row (the feature puts them in
// the WHERE clause): another person's id is a 404, so ids cannot be probed.

export const meta: MetaFunction = () =>
  pageMeta("Saved searches — LockerSwap", "Your saved searches on LockerSwap: run them again and see new listings that match.");

const PAGE = "/saved-searches";
// The column's check (db/schema/matching.ts): a longer canonical query would be a 500, so it is refused first.
const QUERY_MAX = 2000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const searches = await listSavedSearches(context.db, viewer);
  return data(
    {
      searches: searches.map(({ createdAt: _created, emails: _emails, ...search }) => search),
      max: SAVED_SEARCHES_MAX,
      // The rename form's HTML constraints travel with the page; zod loads on first focus (ADR 032).
      constraint: getFormConstraint(RenameSavedSearchSchema),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const notFound = () => data({ message: "Saved search not found" }, { status: 404 });

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: SavedSearchActionSchema });
  if (submission.status !== "success") {
    // A refused rename comes back to its own row with the entered name kept; anything else is a 400 in words.
    if (knownIntent(SavedSearchActionSchema, submission.payload) === "rename") {
      const id = typeof submission.payload.id === "string" ? submission.payload.id : undefined;
      return data<RenameReply>({ form: "rename", id, result: submission.reply() }, { status: 400 });
    }
    return invalidSubmission(submission);
  }
  const form = submission.value;
  switch (form.intent) {
    case "save": {
      // Where to go back to is built from the canonical place, never from the posted values.
      const place = searchPlace(form.path, form.query);
      if (!place) return redirectWithToast(context, "/", { title: NO_CRITERIA, variant: "destructive" }, { status: 303 });
      const back = searchPlaceHref(place);
      if (place.query.length > QUERY_MAX)
        return redirectWithToast(
          context,
          place.path,
          { title: "This search is too long: it cannot be saved", variant: "destructive" },
          { status: 303 },
        );
      const saved = await saveSearch(context.db, viewer, { path: place.path, query: place.query });
      if (saved.ok) return redirectWithToast(context, back, { title: SEARCH_SAVED, variant: "success" }, { status: 303 });
      if (saved.reason === "limit")
        return redirectWithToast(context, back, { ...limitReached(SAVED_SEARCHES_MAX), variant: "destructive" }, { status: 303 });
      return redirectWithToast(context, back, { title: NO_CRITERIA, variant: "destructive" }, { status: 303 });
    }
    case "rename": {
      if (!(await renameSavedSearch(context.db, viewer, form.id, form.name))) throw notFound();
      return redirectWithToast(context, PAGE, { title: "Search renamed", variant: "success" }, { status: 303 });
    }
    case "pause":
    case "resume": {
      const paused = form.intent === "pause";
      if (!(await setSavedSearchPaused(context.db, viewer, form.id, paused))) throw notFound();
      const toast = paused
        ? { title: "Search paused", description: "New listings will not be matched to it until you resume it." }
        : { title: "Search resumed" };
      return redirectWithToast(context, PAGE, { ...toast, variant: "success" }, { status: 303 });
    }
    case "delete": {
      if (!(await deleteSavedSearch(context.db, viewer, form.id))) throw notFound();
      return redirectWithToast(context, PAGE, { title: "Search deleted", variant: "success" }, { status: 303 });
    }
  }
}

export default function SavedSearches() {
  const { searches, max, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<RenameReply | { formError: string }>();
  const rename = actionData && "form" in actionData ? actionData : undefined;
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Saved searches</h1>
        <p className="text-slate-600" data-testid="saved-search-count">
          {searches.length} of {max}
        </p>
        <p className="w-full text-slate-600">
          New listings that match a search show under New matches in your notifications. You can keep up to {max} searches.
        </p>
      </header>
      {formError ? <ErrorList errors={[formError]} /> : null}
      <SavedSearchList searches={searches} constraint={constraint} rename={rename} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Saved search not found</h1>
      <p className="mt-2 text-slate-600">It may have been deleted already.</p>
      <ButtonLink to={PAGE} reloadDocument variant="secondary" className="mt-6">
        Back to Saved searches
      </ButtonLink>
    </div>
  );
}
