// Reviews from completed deals (ADR 068). Each party reviews the other once per completed
// deal; the reviewee is the deal's other party, read here on the server, never taken from the form.
// Double-blind: a review is hidden (`published_at` null) until both parties have reviewed — then both
// are published by the same batch — or until 14 days after completion, when the deal clock
// (deals.server.ts `runDealClock`) publishes what is left and the window to write closes. A hidden
// review can be edited (an upsert on the unique (deal_id, reviewer_role)); a published one cannot.
// The reviewee may answer a published review once. Ratings (averages) are ratings.server.ts'.
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, reviews, type Deal, type DealParty } from "#db/schema";
import { FORMER_MEMBER } from "~/shared/copy/deals";
import { dealCan } from "../permissions/deal";
import type { Viewer } from "../permissions/viewer";
import { decide, other, REVIEW_BLIND_MS } from "./deal-machine";
import { dealFor, partyOf } from "./deals.server";

export type ReviewView = {
  rating: number;
  comment: string | null;
  createdAt: Date;
  publishedAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
  /** The reviewer's first name; 'Former member' when the account is gone. */
  reviewerName: string;
};

export type WriteReviewResult =
  { ok: true; published: boolean } | { ok: false; error: "notFound" | "notCompleted" | "alreadyPublished" | "windowClosed" };

export type ReplyResult = { ok: true } | { ok: false; error: "notFound" | "notPublished" | "alreadyReplied" };

export type DealReviews = {
  /** The viewer's own review, hidden or published (a site admin: the proposer's, published only). */
  mine: ReviewView | null;
  /** The other party's review, only once published: a hidden one's rating and words never leave the server. */
  theirs: ReviewView | null;
  /** The other party has written a review that is still hidden (a boolean, no content): "write yours to see it". */
  theirsWritten: boolean;
  /** The viewer may write (or, while hidden, edit) their review now. */
  canWrite: boolean;
  /** The viewer may reply to the published review about them. */
  canReply: boolean;
};

export type ReviewAbout = {
  rating: number;
  comment: string | null;
  reply: string | null;
  repliedAt: Date | null;
  reviewerName: string;
  publishedAt: Date;
};

/** A review whose writer deleted their account keeps its words; the name goes (ADR 068). */
const nameOf = (reviewerId: string | null, firstName: string | null | undefined) =>
  reviewerId === null ? FORMER_MEMBER : firstName?.trim() || "Member";

/** Past the blind window the clock publishes what is hidden, and nothing new may be written. */
const windowClosed = (deal: Pick<Deal, "completedAt">, now: Date) =>
  deal.completedAt !== null && now.getTime() - deal.completedAt.getTime() >= REVIEW_BLIND_MS;

/** The deal if the viewer is one of its parties (a site admin's view-all does not write reviews), with their side. */
async function partyDeal(db: Db, viewer: Viewer, dealId: string, action: "review" | "reply") {
  const deal = await dealFor(db, { ...viewer, isAdmin: false }, dealId);
  if (!deal) return null;
  const party = partyOf(viewer, deal);
  if (!party || !dealCan(viewer, action, deal)) return null;
  return { deal, party };
}

const reviewBy = (db: Db, dealId: string, role: DealParty) =>
  db
    .select()
    .from(reviews)
    .where(and(eq(reviews.dealId, dealId), eq(reviews.reviewerRole, role)));

/**
 * Write or, while it is hidden, edit the viewer's review of the other party. One batch: the upsert
 * (its conflict branch only touches a hidden review), then "publish both where both exist", then
 * the review read back. Two parties writing at once: whichever batch runs second sees two rows
 * and publishes both. A retry edits the one row the unique index allows.
 */
export async function writeReview(
  db: Db,
  viewer: Viewer,
  dealId: string,
  input: { rating: number; comment: string | null },
  now = new Date(),
): Promise<WriteReviewResult> {
  const found = await partyDeal(db, viewer, dealId, "review");
  if (!found) return { ok: false, error: "notFound" };
  const { deal, party } = found;
  if (!decide(deal, party, "review", now).ok) return { ok: false, error: "notCompleted" };
  const [existing] = await reviewBy(db, dealId, party);
  if (existing?.publishedAt) return { ok: false, error: "alreadyPublished" };
  if (windowClosed(deal, now)) return { ok: false, error: "windowClosed" };

  const revieweeId = party === "proposer" ? deal.ownerId : deal.proposerId;
  const comment = input.comment?.trim() || null;
  const [written, , mine] = await db.batch([
    db
      .insert(reviews)
      .values({
        dealId,
        reviewerRole: party,
        reviewerId: viewer.id,
        revieweeId,
        rating: input.rating,
        comment,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.dealId, reviews.reviewerRole],
        set: { rating: input.rating, comment, updatedAt: now },
        // Published in the meantime (the other party's batch, or the clock): not editable any more.
        setWhere: isNull(reviews.publishedAt),
      })
      .returning({ id: reviews.id }),
    db
      .update(reviews)
      .set({ publishedAt: now, updatedAt: now })
      .where(
        and(eq(reviews.dealId, dealId), isNull(reviews.publishedAt), sql`(select count(*) from reviews r where r.deal_id = ${dealId}) = 2`),
      ),
    reviewBy(db, dealId, party),
  ]);
  if (written.length === 0) return { ok: false, error: "alreadyPublished" };
  return { ok: true, published: Boolean(mine[0]?.publishedAt) };
}

/**
 * The reviewee's one public reply to the published review about them on this deal. A conditional
 * UPDATE (published, no reply yet): two replies at once store one.
 */
export async function replyToReview(db: Db, viewer: Viewer, dealId: string, reply: string, now = new Date()): Promise<ReplyResult> {
  const found = await partyDeal(db, viewer, dealId, "reply");
  if (!found) return { ok: false, error: "notFound" };
  const aboutMe = other(found.party);
  const updated = await db
    .update(reviews)
    .set({ reply: reply.trim(), repliedAt: now, updatedAt: now })
    .where(
      and(
        eq(reviews.dealId, dealId),
        eq(reviews.reviewerRole, aboutMe),
        eq(reviews.revieweeId, viewer.id),
        isNotNull(reviews.publishedAt),
        isNull(reviews.reply),
      ),
    )
    .returning({ id: reviews.id });
  if (updated.length) return { ok: true };
  const [review] = await reviewBy(db, dealId, aboutMe);
  return { ok: false, error: review?.publishedAt ? "alreadyReplied" : "notPublished" };
}

/**
 * The reviews on a deal as the viewer may see them; null when the viewer may not see the deal (a 404).
 * Double-blind choice (ADR 068): the other party's hidden review is never sent, but whether it
 * exists is (`theirsWritten`), as Sharetribe does — it tells the viewer that their own review
 * will be published, and final, the moment they submit it, and it nudges them to write one.
 */
export async function reviewsForDeal(db: Db, viewer: Viewer, dealId: string, now = new Date()): Promise<DealReviews | null> {
  const deal = await dealFor(db, viewer, dealId);
  if (!deal) return null;
  const rows = await db
    .select({ review: reviews, firstName: profiles.firstName })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.reviewerId))
    .where(eq(reviews.dealId, dealId));
  const byRole = (role: DealParty) => rows.find((r) => r.review.reviewerRole === role);
  const view = (row: (typeof rows)[number] | undefined): ReviewView | null =>
    row
      ? {
          rating: row.review.rating,
          comment: row.review.comment,
          createdAt: row.review.createdAt,
          publishedAt: row.review.publishedAt,
          reply: row.review.reply,
          repliedAt: row.review.repliedAt,
          reviewerName: nameOf(row.review.reviewerId, row.firstName),
        }
      : null;
  const published = (row: (typeof rows)[number] | undefined) => (row?.review.publishedAt ? row : undefined);

  const party = partyOf(viewer, deal);
  if (!party) {
    // A site admin looking on: the published reviews only, from the proposer's side, no rights.
    return {
      mine: view(published(byRole("proposer"))),
      theirs: view(published(byRole("owner"))),
      theirsWritten: false,
      canWrite: false,
      canReply: false,
    };
  }
  const mine = byRole(party);
  const theirs = byRole(other(party));
  const target = { proposerId: deal.proposerId, ownerId: deal.ownerId };
  return {
    mine: view(mine),
    theirs: view(published(theirs)),
    theirsWritten: Boolean(theirs && !theirs.review.publishedAt),
    canWrite:
      dealCan(viewer, "review", target) && decide(deal, party, "review", now).ok && !mine?.review.publishedAt && !windowClosed(deal, now),
    canReply: dealCan(viewer, "reply", target) && Boolean(theirs?.review.publishedAt) && theirs?.review.reply === null,
  };
}

/**
 * The query behind `reviewsAbout`, for a page that sends it in a batch (the seller card, ADR 051):
 * the latest published reviews about a person, newest first, with the reviewer's first name.
 */
export function reviewsAboutQuery(db: Db, userId: string | SQL, limit = 10) {
  return db
    .select({
      rating: reviews.rating,
      comment: reviews.comment,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      reviewerId: reviews.reviewerId,
      firstName: profiles.firstName,
      publishedAt: reviews.publishedAt,
    })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.reviewerId))
    .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt)))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(Math.max(1, Math.min(50, Math.floor(limit))));
}

/** The latest published reviews about a person (the Player Profile); newest first. */
export async function reviewsAbout(db: Db, userId: string, limit = 10): Promise<ReviewAbout[]> {
  const rows = await reviewsAboutQuery(db, userId, limit);
  return rows.map((r) => ({
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.repliedAt,
    reviewerName: nameOf(r.reviewerId, r.firstName),
    publishedAt: r.publishedAt!,
  }));
}
