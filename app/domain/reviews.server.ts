// Seller ratings (spec 02 §3 Review, §7 reviews, §9: average rounded to 1 decimal, plus count).
import { avg, count, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { reviews } from "#db/schema";

export type SellerRating = { average: number | null; count: number };

export async function sellerRating(db: Db, sellerId: string): Promise<SellerRating> {
  const [row] = await db
    .select({ average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(eq(reviews.revieweeId, sellerId));
  const total = Number(row?.count ?? 0);
  if (total === 0 || row?.average == null) return { average: null, count: 0 };
  return { average: Math.round(Number(row.average) * 10) / 10, count: total };
}
