// Ratings and the trust shown beside a seller (ADR 068; spec 02 §2 seller card and hover rating
// card, §7, §9: average to one decimal, plus count). Every rating the product shows is computed here
// from PUBLISHED reviews of completed deals — a hidden (double-blind) review counts for nobody yet.
// The functions return statements, so a page sends them in the batch of its other reads (ADR 034/051).
import { and, avg, count, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubs, deals, reviews, users } from "#db/schema";
import { activeClubIdsOf, clubVisibleTo } from "../clubs/club-access.server";
import { formatDate } from "~/shared/format";
import type { Viewer } from "../permissions/viewer";
import { reviewsAboutQuery } from "./reviews.server";

export type Rating = { average: number | null; count: number };

/** How many of a seller's latest published reviews the seller card shows. */
export const RECENT_REVIEWS = 3;
/** A review whose writer deleted their account keeps its text; the name goes (ADR 068). */
const FORMER_MEMBER = "Former member";

/** The rating of `userId` (an id or a scalar subquery): published reviews where they are the reviewee. */
export function ratingQuery(db: Db, userId: string | SQL) {
  return db
    .select({ average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt)));
}

export function toRating(rows: { average: string | null; count: number }[]): Rating {
  const [row] = rows;
  const total = Number(row?.count ?? 0);
  if (total === 0 || row?.average == null) return { average: null, count: 0 };
  return { average: Math.round(Number(row.average) * 10) / 10, count: total };
}

export async function userRating(db: Db, userId: string): Promise<Rating> {
  return toRating(await ratingQuery(db, userId));
}

export type RecentReview = { rating: number; comment: string | null; reviewerName: string; publishedAt: Date };

export type SellerTrust = {
  rating: Rating;
  verifiedEmail: boolean;
  memberSince: Date | null;
  completedDeals: number;
  /** Clubs the seller and the viewer are both active members of, that the viewer may see. */
  sharedClubs: { name: string; slug: string }[];
  recentReviews: RecentReview[];
};

/**
 * The statements behind the seller card and its hover card, for `seller` (an id or a scalar
 * subquery — the listing page passes one gated by the viewer's right to open the listing, so a
 * listing they may not see yields nothing). Send them in one batch; `toSellerTrust` reads the rows.
 */
export function sellerTrustQueries(db: Db, viewer: Viewer | null, seller: string | SQL) {
  const completed = sql<number>`(select count(*) from ${deals} where ${deals.state} = 'completed' and (${or(
    eq(deals.proposerId, users.id),
    eq(deals.ownerId, users.id),
  )}))`;
  return [
    ratingQuery(db, seller),
    db
      .select({ emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt, completedDeals: completed.mapWith(Number) })
      .from(users)
      .where(eq(users.id, seller))
      .limit(1),
    db
      .select({ name: clubs.name, slug: clubs.slug })
      .from(clubs)
      .where(
        viewer
          ? and(
              sql`${clubs.id} in (select sm.club_id from club_members sm where sm.user_id = ${seller} and sm.status = 'active')`,
              sql`${clubs.id} in ${activeClubIdsOf(viewer)}`,
              clubVisibleTo(viewer),
            )
          : sql`0 = 1`,
      )
      .orderBy(clubs.name),
    reviewsAboutQuery(db, seller, RECENT_REVIEWS),
  ] as const;
}

type TrustQueries = ReturnType<typeof sellerTrustQueries>;
type TrustRows = readonly [Awaited<TrustQueries[0]>, Awaited<TrustQueries[1]>, Awaited<TrustQueries[2]>, Awaited<TrustQueries[3]>];

export function toSellerTrust([ratingRows, [facts], sharedClubs, reviewRows]: TrustRows): SellerTrust {
  return {
    rating: toRating(ratingRows),
    verifiedEmail: Boolean(facts?.emailVerifiedAt),
    memberSince: facts?.createdAt ?? null,
    completedDeals: facts?.completedDeals ?? 0,
    sharedClubs,
    recentReviews: reviewRows.map((r) => ({
      rating: r.rating,
      comment: r.comment,
      reviewerName: r.reviewerId === null ? FORMER_MEMBER : r.firstName?.trim() || "Member",
      publishedAt: r.publishedAt!,
    })),
  };
}

/** The seller card's data in one batch (tests; the listing page batches the statements with its own). */
export async function sellerTrust(db: Db, viewer: Viewer | null, sellerId: string): Promise<SellerTrust> {
  const [a, b, c, d] = sellerTrustQueries(db, viewer, sellerId);
  return toSellerTrust(await db.batch([a, b, c, d]));
}

/** The seller card as the page shows it: plain values and dates already written out (no client formatting). */
export type SellerCardView = Omit<SellerTrust, "memberSince" | "recentReviews"> & {
  /** "March 2025", or null when unknown. */
  memberSince: string | null;
  recentReviews: (Omit<RecentReview, "publishedAt"> & { date: string })[];
};

export function toSellerCardView(trust: SellerTrust): SellerCardView {
  return {
    ...trust,
    memberSince: trust.memberSince?.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }) ?? null,
    recentReviews: trust.recentReviews.map(({ publishedAt, ...review }) => ({ ...review, date: formatDate(publishedAt, "short") })),
  };
}
