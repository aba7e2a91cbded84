import { Link } from "@remix-run/react";
import type { ClubType } from "~/shared/catalog/options";
import { sportEmoji, sportName } from "~/shared/catalog/sport-names";
import { clubInitials } from "./club-header";
import { ClubTypeBadge } from "./club-type-badge";

export type ClubCardClub = {
  slug: string;
  name: string;
  type: ClubType;
  sport: string | null;
  city: string | null;
  state: string | null;
  logoUrl: string | null;
  memberCount: number;
};

/**
 * A club in the directory and the Team Hub (spec 02 §2): logo or initials, name, type badge, sport,
 * city/state and member count; the whole card links to the club page. `pending` marks a request
 * still waiting for approval.
 */
export function ClubCard({ club, pending = false }: { club: ClubCardClub; pending?: boolean }) {
  const place = [club.city, club.state].filter(Boolean).join(", ");
  return (
    <li data-testid="club-card" className="list-none">
      <Link
        to={`/club/${club.slug}`}
        className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {club.logoUrl ? (
          <img src={club.logoUrl} alt="" className="h-14 w-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
          >
            {clubInitials(club.name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-lg font-semibold text-slate-900">{club.name}</h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <ClubTypeBadge type={club.type} />
            {pending ? <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">Pending</span> : null}
            {club.sport ? (
              <span>
                <span aria-hidden="true">{sportEmoji(club.sport)}</span> {sportName(club.sport)}
              </span>
            ) : null}
          </div>
          <div className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
            {place ? <span>{place}</span> : null}
            <span>
              {club.memberCount} {club.memberCount === 1 ? "member" : "members"}
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}
