import type { ReactNode } from "react";
import type { ClubType } from "~/shared/catalog/options";
import { ClubTypeBadge } from "./club-type-badge";
import { sportEmoji, sportName } from "~/shared/catalog/sport-names";

export type ClubHeaderClub = {
  name: string;
  type: ClubType;
  sport: string | null;
  city: string | null;
  state: string | null;
  logoUrl: string | null;
};

/** Two letters for a club without a logo: the first letters of its first two words ('Cambridge Youth' → 'CY'). */
export function clubInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/**
 * The club page's header (spec 02 §2): logo or two-letter initials, name, type badge, sport and
 * city/state; `actions` are the buttons for this viewer's state.
 */
export function ClubHeader({ club, actions }: { club: ClubHeaderClub; actions?: ReactNode }) {
  const place = [club.city, club.state].filter(Boolean).join(", ");
  return (
    <header
      data-testid="club-header"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-6"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        {club.logoUrl ? (
          <img src={club.logoUrl} alt="" className="h-16 w-16 shrink-0 rounded-full object-cover sm:h-20 sm:w-20" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800 sm:h-20 sm:w-20 sm:text-2xl"
          >
            {clubInitials(club.name)}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900">{club.name}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <ClubTypeBadge type={club.type} />
            {club.sport ? (
              <span>
                <span aria-hidden="true">{sportEmoji(club.sport)}</span> {sportName(club.sport)}
              </span>
            ) : null}
            {place ? <span>{place}</span> : null}
          </div>
        </div>
      </div>
      {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
    </header>
  );
}
