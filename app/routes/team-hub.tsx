import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ClubCard } from "~/components/clubs/club-card";
import { ButtonLink } from "~/components/ui/button";
import { CLUB_TEXT } from "~/shared/copy/clubs";
import { teamHub } from "~/web/pages/team-hub.server";
import { requireUser } from "~/web/session.server";
import { pageMeta } from "~/web/meta";
import { photoUrl } from "~/features/photos/urls";

// Team Hub (spec 02 §2): the viewer's own memberships, pending requests marked. Signed out → /auth.

export const meta: MetaFunction = () =>
  pageMeta("Team Hub — LockerSwap", "Your clubs, organizations, and leagues on LockerSwap, in one place.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const rows = await teamHub(context.db, viewer);
  return {
    clubs: rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      type: r.type,
      sport: r.sport,
      city: r.city,
      state: r.state,
      memberCount: r.memberCount,
      logoUrl: r.logoKey ? photoUrl(r.logoKey) : null,
      pending: r.status === "pending",
    })),
  };
}

export default function TeamHub() {
  const { clubs } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Team Hub</h1>
          <p className="mt-1 text-slate-600">{CLUB_TEXT.teamHubSubtitle}</p>
        </div>
        <ButtonLink to="/clubs">Find Clubs</ButtonLink>
      </div>
      {clubs.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">{CLUB_TEXT.teamHubEmpty}</p>
          <p className="mt-1 text-slate-600">Find a club, organization, league or school to join.</p>
        </div>
      ) : (
        <ul aria-label="Your clubs" className="mt-6 grid gap-4 sm:grid-cols-2">
          {clubs.map((club) => (
            <ClubCard key={club.slug} club={club} pending={club.pending} />
          ))}
        </ul>
      )}
    </div>
  );
}
