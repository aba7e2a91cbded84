// The club page's Team Info tab (02 §2), its own chunk: the page opens on In Play (ADR 033).
import {
  CLUB_TYPE_BADGES,
  CLUB_VISIBILITY_LABELS,
  JOIN_MODE_LABELS,
  type ClubType,
  type ClubVisibility,
  type JoinMode,
} from "~/shared/catalog/options";
import { sportName } from "~/shared/catalog/sport-names";
import { CLUB_TEXT } from "~/shared/copy/clubs";
import { formatDate } from "~/shared/format";

/** What the tab reads of the club page's loader data (a component names its own props, never a route). */
export type TeamInfoData = {
  club: {
    type: ClubType;
    sport: string | null;
    description: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    visibility: ClubVisibility;
    joinMode: JoinMode;
    /** ISO date. */
    createdAt: string;
  };
  adminName: string | null;
};

export default function TeamInfo({ data }: { data: TeamInfoData }) {
  const { club } = data;
  const location = [club.city, club.state].filter(Boolean).join(", ") + (club.zip ? ` ${club.zip}` : "");
  const rows: [string, string][] = [
    ["Type", CLUB_TYPE_BADGES[club.type].label],
    ["Sport", club.sport ? sportName(club.sport) : "—"],
    ["Location", location.trim() || "—"],
    ["Visibility", CLUB_VISIBILITY_LABELS[club.visibility]],
    ["Join mode", JOIN_MODE_LABELS[club.joinMode]],
    ["Created", formatDate(club.createdAt)],
    ["Group admin", data.adminName ?? "—"],
  ];
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">About</h2>
        <p className="mt-1 whitespace-pre-line text-slate-700">{club.description?.trim() || CLUB_TEXT.noDescription}</p>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-slate-600">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
