// Seller ratings (spec 02 §3 Review, §7 reviews, §9: average rounded to 1 decimal, plus count).
import { avg, count, eq, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { reviews } from "#db/schema";

export type SellerRating = { average: number | null; count: number };

/** The rating query, for a page that sends it in a batch with its other reads (ADR 034). */
export function sellerRatingQuery(db: Db, seller: string | SQL) {
  return db
    .select({ average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(eq(reviews.revieweeId, seller));
}

export function toSellerRating(rows: { average: string | null; count: number }[]): SellerRating {
  const [row] = rows;
  const total = Number(row?.count ?? 0);
  if (total === 0 || row?.average == null) return { average: null, count: 0 };
  return { average: Math.round(Number(row.average) * 10) / 10, count: total };
}

export async function sellerRating(db: Db, sellerId: string): Promise<SellerRating> {
  return toSellerRating(await sellerRatingQuery(db, sellerId));
}
