// New accounts earn their limits (ADR 095) over a real libSQL: the daily listing limit counted in the
// create's batch (20 at once store exactly 5), first messages to new people, no links; and promotion
// by a completed deal or a week's membership, never by account age alone.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, listings, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { saleDeal } from "../../../tests/deal-fixtures";
import { sendListingMessage } from "../messaging/listing-questions.server";
import { EARNED_LIMITS } from "../safety/trust-rules";
import { TRUST_TEXT } from "~/shared/copy/trust";
import { ListingRuleError } from "./listing-rule-error";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const DAY = 86_400_000;
const countOf = async (user: TestUser) =>
  (await t.db.select({ id: listings.id }).from(listings).where(eq(listings.userId, user.id))).length;

describe("the daily listing limit of a new account", () => {
  test("race: 20 creates at once store exactly the limit; the others are told the rule", async () => {
    const newbie = await createTestUser(t.db, { newAccount: true });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => createTestListing(t.db, newbie)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(EARNED_LIMITS.listingsPerDay);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(20 - EARNED_LIMITS.listingsPerDay);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(ListingRuleError);
      expect(r.reason).toMatchObject({ code: "new_account_limit", message: TRUST_TEXT.listingLimit });
    }
    expect(await countOf(newbie)).toBe(EARNED_LIMITS.listingsPerDay);
  });

  test("an old account with no deal and no club is still new: promotion is never by time alone", async () => {
    const old = await createTestUser(t.db, { newAccount: true });
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(users.id, old.id));
    for (let i = 0; i < EARNED_LIMITS.listingsPerDay; i++) await createTestListing(t.db, old);
    await expect(createTestListing(t.db, old)).rejects.toMatchObject({ code: "new_account_limit" });
  });

  test("a membership of a week lifts it; a membership of six days does not", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const member = await createTestUser(t.db, { newAccount: true });
    await addTestMember(t.db, club, member);
    const backdate = (days: number) =>
      t.db
        .update(clubMembers)
        .set({ approvedAt: new Date(Date.now() - days * DAY), createdAt: new Date(Date.now() - days * DAY) })
        .where(eq(clubMembers.userId, member.id));
    await backdate(6);
    for (let i = 0; i < EARNED_LIMITS.listingsPerDay; i++) await createTestListing(t.db, member);
    await expect(createTestListing(t.db, member)).rejects.toMatchObject({ code: "new_account_limit" });
    await backdate(EARNED_LIMITS.probationDays);
    await createTestListing(t.db, member);
    expect(await countOf(member)).toBe(EARNED_LIMITS.listingsPerDay + 1);
  });

  test("a completed deal lifts it", async () => {
    const deal = await saleDeal(t.db, "completed", { buyer: await createTestUser(t.db, { newAccount: true }) });
    for (let i = 0; i < EARNED_LIMITS.listingsPerDay + 2; i++) await createTestListing(t.db, deal.buyer);
    expect(await countOf(deal.buyer)).toBe(EARNED_LIMITS.listingsPerDay + 2);
  });
});

describe("first messages and links of a new account", () => {
  test("ten new people a day; the eleventh is refused with the rule; writing again to one of them is not a first message", async () => {
    const newbie = await createTestUser(t.db, { newAccount: true });
    const listingIds: string[] = [];
    for (let i = 0; i < EARNED_LIMITS.firstMessagesPerDay + 1; i++)
      listingIds.push(await createTestListing(t.db, await createTestUser(t.db)));
    for (const id of listingIds.slice(0, -1))
      expect(await sendListingMessage(t.db, newbie, { listingId: id, content: "Is this still available?" })).toMatchObject({ ok: true });
    expect(await sendListingMessage(t.db, newbie, { listingId: listingIds.at(-1)!, content: "Is this still available?" })).toEqual({
      ok: false,
      reason: "first_message_limit",
    });
    expect(await sendListingMessage(t.db, newbie, { listingId: listingIds[0], content: "Could we meet Saturday?" })).toMatchObject({
      ok: true,
    });
  });

  test("no links from a new account; an established one may", async () => {
    const newbie = await createTestUser(t.db, { newAccount: true });
    const listingId = await createTestListing(t.db, await createTestUser(t.db));
    expect(await sendListingMessage(t.db, newbie, { listingId, content: "More photos at https://photos.example/abc" })).toEqual({
      ok: false,
      reason: "no_links",
    });
    const deal = await saleDeal(t.db, "completed", { buyer: await createTestUser(t.db, { newAccount: true }) });
    expect(await sendListingMessage(t.db, deal.buyer, { listingId, content: "More photos at https://photos.example/abc" })).toMatchObject({
      ok: true,
    });
  });

  test("a scam first message is delivered with its signal; a reply is not read for one", async () => {
    const seller = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    const buyer = await createTestUser(t.db, { newAccount: true });
    const sent = await sendListingMessage(t.db, buyer, { listingId, content: "I'll pay with Zelle before we meet" });
    expect(sent).toMatchObject({ ok: true, message: { scamSignal: "payment_app" } });
    const reply = await sendListingMessage(t.db, seller, { listingId, buyerId: buyer.id, content: "I only take Venmo at pickup" });
    expect(reply).toMatchObject({ ok: true, message: { scamSignal: null } });
  });
});
