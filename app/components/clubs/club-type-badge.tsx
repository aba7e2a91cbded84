import { CLUB_TYPE_BADGES, type ClubType } from "~/shared/catalog/options";

/** The club type badge (spec 02 §2): league blue, organization green, club purple, school amber. */
export function ClubTypeBadge({ type }: { type: ClubType }) {
  const badge = CLUB_TYPE_BADGES[type];
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>;
}
