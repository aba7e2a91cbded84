// The Player Profile's own lists (spec 02 §6): the person's listings with price and status, and their clubs
// with their role — or, for a site admin's Admin View, another person's.
import { Link } from "@remix-run/react";
import { listingStatusLabel } from "~/shared/catalog";
import { CLUB_MEMBER_ROLE_LABELS } from "~/shared/catalog/member-roles";
import { formatPrice } from "~/shared/format";
import { Card } from "~/components/ui/card";

type ProfileListing = { id: string; title: string; priceCents: number; status: string };
type ProfileClub = { slug: string; name: string; role: string; status: string };

export function ProfileListings({ listings, adminView }: { listings: ProfileListing[]; adminView: boolean }) {
  return (
    <Card aria-labelledby="my-listings" as="section" padding="lg">
      <h2 id="my-listings" className="text-lg font-semibold text-slate-900">
        {adminView ? "Listings" : "My Listings"}
      </h2>
      {listings.length === 0 ? (
        <p className="mt-2 text-slate-600">{adminView ? "No listings." : "You have not listed anything yet."}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {listings.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/listing/${l.id}`}
                className="min-h-11 content-center font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {l.title}
              </Link>
              <span className="flex items-center gap-3 text-sm text-slate-700">
                <span>{formatPrice(l.priceCents)}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">{listingStatusLabel(l.status)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ProfileClubs({ clubs, adminView }: { clubs: ProfileClub[]; adminView: boolean }) {
  return (
    <Card aria-labelledby="my-clubs" as="section" padding="lg">
      <h2 id="my-clubs" className="text-lg font-semibold text-slate-900">
        Clubs &amp; Organizations
      </h2>
      {clubs.length === 0 ? (
        <p className="mt-2 text-slate-600">{adminView ? "No clubs." : "You have not joined any clubs yet."}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {clubs.map((c) => (
            <li key={c.slug} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/club/${c.slug}`}
                className="min-h-11 content-center font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {c.name}
              </Link>
              <span className="text-sm text-slate-700">
                {CLUB_MEMBER_ROLE_LABELS[c.role as keyof typeof CLUB_MEMBER_ROLE_LABELS] ?? c.role}
                {c.status === "pending" ? " · Pending approval" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
