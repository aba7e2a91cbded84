import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { reviews } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { deleteUserAccount } from "../admin/admin-deletions.server";
import { REVIEW_BLIND_MS } from "./deal-machine";
import { proposeDeal } from "./deals.server";
import { acceptDeal, confirmMeetup, markHandedOver, proposeMeetup } from "./deal-transitions.server";
import { runDealClock } from "./deal-clock.server";
import { replyToReview, reviewsAbout, reviewsForDeal, writeReview } from "./reviews.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const HOUR = 3_600_000;
const at = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);

/** A sale taken through the real steps up to `upTo`; completed at `start + 4 h` unless stopped earlier. */
async function dealBetween(opts: { upTo?: "accepted" | "completed"; start?: Date; sellerName?: string; buyerName?: string } = {}) {
  const start = opts.start ?? new Date(Date.now() - 10 * HOUR);
  const seller = await createTestUser(t.db, { firstName: opts.sellerName ?? "Sally" });
  const buyer = await createTestUser(t.db, { firstName: opts.buyerName ?? "Ben" });
  const listingId = await createTestListing(t.db, seller);
  const made = await proposeDeal(
    t.db,
    buyer,
    { listingId, offeredListingIds: [], cashCents: 2000, cashFrom: "proposer", message: null },
    start,
  );
  if (!made.ok) throw new Error(made.error);
  const id = made.deal.id;
  const step = async (p: Promise<{ ok: boolean }>) => {
    if (!(await p).ok) throw new Error("step refused");
  };
  await step(acceptDeal(t.db, seller, id, 1, at(start, 1)));
  if (opts.upTo === "accepted") return { seller, buyer, id, completedAt: null };
  await step(proposeMeetup(t.db, buyer, id, { spotId: null, place: "Library", at: at(start, 3) }, at(start, 2)));
  await step(confirmMeetup(t.db, seller, id, at(start, 2)));
  await step(markHandedOver(t.db, buyer, id, at(start, 3)));
  await step(markHandedOver(t.db, seller, id, at(start, 4)));
  return { seller, buyer, id, completedAt: at(start, 4) };
}

const rowsOf = (dealId: string) => t.db.select().from(reviews).where(eq(reviews.dealId, dealId));

describe("reviews come only from a completed deal, about the other party", () => {
  test("a stranger, a site admin writing, and a deal not completed are refused; nothing is stored", async () => {
    const { seller, buyer, id } = await dealBetween({ upTo: "accepted" });
    const stranger = await createTestUser(t.db);
    const admin = await createTestUser(t.db, { admin: true });
    expect(await writeReview(t.db, buyer, id, { rating: 5, comment: "Great" })).toEqual({ ok: false, error: "notCompleted" });
    expect(await writeReview(t.db, seller, id, { rating: 1, comment: null })).toEqual({ ok: false, error: "notCompleted" });
    expect(await writeReview(t.db, stranger, id, { rating: 1, comment: null })).toEqual({ ok: false, error: "notFound" });
    expect(await writeReview(t.db, admin, id, { rating: 1, comment: null })).toEqual({ ok: false, error: "notFound" });
    expect(await writeReview(t.db, buyer, "no-such-deal", { rating: 1, comment: null })).toEqual({ ok: false, error: "notFound" });
    expect(await rowsOf(id)).toEqual([]);
    expect(await reviewsForDeal(t.db, stranger, id)).toBeNull();
    expect(await reviewsForDeal(t.db, buyer, id)).toMatchObject({ mine: null, theirs: null, canWrite: false, canReply: false });
  });

  test("the reviewee is the deal's other party, for each side", async () => {
    const { seller, buyer, id } = await dealBetween();
    await writeReview(t.db, buyer, id, { rating: 4, comment: "Smooth" });
    await writeReview(t.db, seller, id, { rating: 5, comment: null });
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.reviewerRole, r.reviewerId, r.revieweeId]).sort()).toEqual(
      [
        ["owner", seller.id, buyer.id],
        ["proposer", buyer.id, seller.id],
      ].sort(),
    );
  });
});

describe("double-blind", () => {
  test("hidden until both have reviewed, editable while hidden, then both published in the same batch and final", async () => {
    const { seller, buyer, id } = await dealBetween({ sellerName: "Sally", buyerName: "Ben" });
    const first = new Date();
    expect(await writeReview(t.db, buyer, id, { rating: 2, comment: "Late" }, first)).toEqual({ ok: true, published: false });

    // The seller learns that a review exists, never what it says.
    const sellerView = await reviewsForDeal(t.db, seller, id);
    expect(sellerView).toEqual({ mine: null, theirs: null, theirsWritten: true, canWrite: true, canReply: false });
    expect(JSON.stringify(sellerView)).not.toContain("Late");
    expect(await replyToReview(t.db, seller, id, "Sorry")).toEqual({ ok: false, error: "notPublished" });

    // Edited while hidden: still one row, the new words.
    expect(await writeReview(t.db, buyer, id, { rating: 4, comment: "  Late, but friendly  " }, first)).toEqual({
      ok: true,
      published: false,
    });
    expect(await rowsOf(id)).toHaveLength(1);
    const buyerView = await reviewsForDeal(t.db, buyer, id);
    expect(buyerView).toMatchObject({
      mine: { rating: 4, comment: "Late, but friendly", publishedAt: null, reviewerName: "Ben" },
      theirs: null,
      theirsWritten: false,
      canWrite: true,
    });

    const second = new Date(first.getTime() + 1000);
    expect(await writeReview(t.db, seller, id, { rating: 5, comment: "Easy buyer" }, second)).toEqual({ ok: true, published: true });
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.publishedAt?.getTime())).toEqual([second.getTime(), second.getTime()]);

    expect(await reviewsForDeal(t.db, buyer, id)).toMatchObject({
      mine: { rating: 4, comment: "Late, but friendly", reviewerName: "Ben" },
      theirs: { rating: 5, comment: "Easy buyer", reviewerName: "Sally", publishedAt: second },
      theirsWritten: false,
      canWrite: false,
      canReply: true,
    });
    expect(await writeReview(t.db, buyer, id, { rating: 1, comment: "changed" })).toEqual({ ok: false, error: "alreadyPublished" });
    expect(await writeReview(t.db, seller, id, { rating: 1, comment: "changed" })).toEqual({ ok: false, error: "alreadyPublished" });
    expect((await rowsOf(id)).map((r) => r.rating).sort()).toEqual([4, 5]);
  });

  test("the window: writing up to 14 days after completion; then the clock publishes the lone review and nothing more is written", async () => {
    const start = new Date(Date.now() - 20 * 24 * HOUR);
    const { seller, buyer, id, completedAt } = await dealBetween({ start });
    const done = completedAt!.getTime();
    expect(await writeReview(t.db, buyer, id, { rating: 3, comment: "OK" }, new Date(done + REVIEW_BLIND_MS - 1))).toEqual({
      ok: true,
      published: false,
    });
    expect(await writeReview(t.db, seller, id, { rating: 5, comment: null }, new Date(done + REVIEW_BLIND_MS))).toEqual({
      ok: false,
      error: "windowClosed",
    });
    expect(await writeReview(t.db, buyer, id, { rating: 5, comment: null }, new Date(done + REVIEW_BLIND_MS))).toEqual({
      ok: false,
      error: "windowClosed",
    });
    expect(await reviewsForDeal(t.db, seller, id, new Date(done + REVIEW_BLIND_MS))).toMatchObject({ canWrite: false, theirs: null });

    const published = await runDealClock(t.db, new Date(done + REVIEW_BLIND_MS));
    expect(published.reviewsPublished).toBeGreaterThanOrEqual(1);
    expect(await reviewsForDeal(t.db, seller, id)).toMatchObject({ theirs: { rating: 3, comment: "OK" }, canReply: true });
    expect(await writeReview(t.db, buyer, id, { rating: 5, comment: null })).toEqual({ ok: false, error: "alreadyPublished" });
    expect(await rowsOf(id)).toHaveLength(1);
  });
});

describe("races and retries: the database decides", () => {
  test("both parties writing at the same moment both end published", async () => {
    for (let i = 0; i < 5; i++) {
      const { seller, buyer, id } = await dealBetween();
      const now = new Date();
      const results = await Promise.all([
        writeReview(t.db, buyer, id, { rating: 5, comment: "Buyer" }, now),
        writeReview(t.db, seller, id, { rating: 4, comment: "Seller" }, now),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(results.filter((r) => r.ok && r.published).length).toBeGreaterThanOrEqual(1);
      const rows = await rowsOf(id);
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
    }
  });

  test("a double submit stores one review", async () => {
    const { buyer, id } = await dealBetween();
    const results = await Promise.all([
      writeReview(t.db, buyer, id, { rating: 5, comment: "Twice" }),
      writeReview(t.db, buyer, id, { rating: 5, comment: "Twice" }),
      writeReview(t.db, buyer, id, { rating: 5, comment: "Twice" }),
    ]);
    expect(results).toEqual(Array(3).fill({ ok: true, published: false }));
    expect(await rowsOf(id)).toHaveLength(1);
  });
});

describe("replies", () => {
  test("the reviewee replies once to the published review about them; two replies at once store one", async () => {
    const { seller, buyer, id } = await dealBetween();
    const stranger = await createTestUser(t.db);
    await writeReview(t.db, buyer, id, { rating: 4, comment: "Good" });
    await writeReview(t.db, seller, id, { rating: 5, comment: "Great" });

    expect(await replyToReview(t.db, stranger, id, "Hi")).toEqual({ ok: false, error: "notFound" });
    const results = await Promise.all([replyToReview(t.db, seller, id, "Thanks, Ben!"), replyToReview(t.db, seller, id, "Thank you!")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "alreadyReplied" }]);
    const aboutSeller = (await rowsOf(id)).find((r) => r.reviewerRole === "proposer")!;
    expect(["Thanks, Ben!", "Thank you!"]).toContain(aboutSeller.reply);
    expect(aboutSeller.repliedAt).not.toBeNull();

    // The buyer's reply goes to the review about the buyer, never to their own.
    expect(await replyToReview(t.db, buyer, id, "  Cheers  ")).toEqual({ ok: true });
    const aboutBuyer = (await rowsOf(id)).find((r) => r.reviewerRole === "owner")!;
    expect(aboutBuyer.reply).toBe("Cheers");
    expect(await reviewsForDeal(t.db, buyer, id)).toMatchObject({
      mine: { comment: "Good", reply: aboutSeller.reply },
      theirs: { comment: "Great", reply: "Cheers" },
      canReply: false,
    });
  });
});

describe("reviews about a person", () => {
  test("published ones only, newest first; a deleted reviewer's review stays, as 'Former member'", async () => {
    const seller: TestUser = await createTestUser(t.db, { firstName: "Sam" });
    const names = ["Ann", "Bo", "Cy"];
    const start = new Date(Date.now() - 10 * HOUR);
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const buyer = await createTestUser(t.db, { firstName: name });
      const listingId = await createTestListing(t.db, seller);
      const made = await proposeDeal(
        t.db,
        buyer,
        { listingId, offeredListingIds: [], cashCents: 500, cashFrom: "proposer", message: null },
        start,
      );
      if (!made.ok) throw new Error(made.error);
      await acceptDeal(t.db, seller, made.deal.id, 1, at(start, 1));
      await proposeMeetup(t.db, buyer, made.deal.id, { spotId: null, place: "Library", at: at(start, 2) }, at(start, 1));
      await confirmMeetup(t.db, seller, made.deal.id, at(start, 1));
      await markHandedOver(t.db, buyer, made.deal.id, at(start, 2));
      await markHandedOver(t.db, seller, made.deal.id, at(start, 2));
      await writeReview(t.db, buyer, made.deal.id, { rating: i + 3, comment: `From ${name}` }, at(start, 3 + i));
      // Ann's and Bo's deals: the seller reviews back, so theirs are published; Cy's stays hidden.
      if (name !== "Cy") await writeReview(t.db, seller, made.deal.id, { rating: 5, comment: null }, at(start, 3 + i));
      ids.push(buyer.id);
    }
    expect(await reviewsAbout(t.db, seller.id, 10)).toMatchObject([
      { reviewerName: "Bo", rating: 4, comment: "From Bo", reply: null },
      { reviewerName: "Ann", rating: 3, comment: "From Ann" },
    ]);
    expect(await reviewsAbout(t.db, seller.id, 1)).toHaveLength(1);

    const ann = ids[0]!;
    const deleted = await deleteUserAccount(
      t.db,
      { id: ann, email: "", firstName: null, lastName: null, zipCode: null, isAdmin: false },
      ann,
      "self",
    );
    expect(deleted).toMatchObject({ ok: true });
    expect((await reviewsAbout(t.db, seller.id, 10)).map((r) => [r.reviewerName, r.comment])).toEqual([
      ["Bo", "From Bo"],
      ["Former member", "From Ann"],
    ]);
  });
});
