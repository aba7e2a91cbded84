// Weighted reports (ADR 095) over a real libSQL: the weight from the reporter's record, the hold at
// the threshold's edge, one person counted once, the silence, and two reports crossing at once.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminAuditLog, clubMembers, heldContent, listings, reports, silences } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { createReport } from "./reports.server";
import { moderate } from "./moderation.server";
import { HOLD_THRESHOLDS, REPORT_WEIGHT, SILENCE_RULE } from "../safety/trust-rules";
import { listingVisibleTo } from "../listings/listing-visibility.server";
import { siteAllowsPost } from "../permissions/site";
import { viewersById } from "../accounts/viewers-by-id.server";

let t: TestDb;
let club: TestClub;
let seller: TestUser;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDb();
  const owner = await createTestUser(t.db, { firstName: "Olive" });
  club = await createTestClub(t.db, owner);
  seller = await createTestUser(t.db, { firstName: "Sam" });
  await addTestMember(t.db, club, seller);
});
afterAll(() => t.cleanup());

/** A member of the seller's club; `established` backdates the membership past the probation. */
async function member(established: boolean) {
  const user = await createTestUser(t.db, { firstName: "Rae", newAccount: true });
  await addTestMember(t.db, club, user);
  if (established)
    await t.db
      .update(clubMembers)
      .set({ approvedAt: new Date(Date.now() - 8 * DAY), createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(clubMembers.userId, user.id));
  return user;
}
const stranger = () => createTestUser(t.db, { firstName: "Stan", newAccount: true });

const heldOn = (id: string) => t.db.select().from(heldContent).where(eq(heldContent.targetId, id));
const weightOf = async (reportId: string) => (await t.db.select({ w: reports.weight }).from(reports).where(eq(reports.id, reportId)))[0].w;
async function report(user: TestUser, id: string, reason: "scam" | "prohibited" = "prohibited") {
  const result = await createReport(t.db, user, { type: "listing", id, reason });
  if (!result.ok) throw new Error(result.error);
  return result.reportId;
}
async function visibleToStranger(listingId: string, viewer: TestUser | null) {
  const rows = await t.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), listingVisibleTo(viewer)));
  return rows.length === 1;
}

describe("a report's weight comes from the reporter's record", () => {
  test("a stranger weighs the base; an established member of the target's club adds both trust bonuses", async () => {
    const listingId = await createTestListing(t.db, seller);
    expect(await weightOf(await report(await stranger(), listingId))).toBe(REPORT_WEIGHT.base);
    expect(await weightOf(await report(await member(false), listingId))).toBe(REPORT_WEIGHT.base + REPORT_WEIGHT.sharedClubBonus);
    expect(await weightOf(await report(await member(true), listingId))).toBe(
      REPORT_WEIGHT.base + REPORT_WEIGHT.sharedClubBonus + REPORT_WEIGHT.establishedBonus,
    );
  });

  test("accuracy: upheld reports add, dismissed ones take away, each within its bound, never below the floor", async () => {
    const listingId = await createTestListing(t.db, seller);
    const accurate = await stranger();
    const careless = await stranger();
    const closed = (reporterId: string, outcome: "removed" | "dismissed", n: number) =>
      t.db.insert(reports).values(
        Array.from({ length: n }, () => ({
          reporterId,
          targetType: "user" as const,
          targetId: crypto.randomUUID(),
          reason: "scam" as const,
          status: "closed" as const,
          outcome,
        })),
      );
    await closed(accurate.id, "removed", 10);
    await closed(careless.id, "dismissed", 10);
    expect(await weightOf(await report(accurate, listingId))).toBe(REPORT_WEIGHT.base + REPORT_WEIGHT.upheldMax);
    expect(await weightOf(await report(careless, listingId))).toBe(
      Math.max(REPORT_WEIGHT.floor, REPORT_WEIGHT.base + REPORT_WEIGHT.dismissedMin),
    );
  });
});

describe("hidden pending review when the open reports' total weight reaches the threshold (HOLD_THRESHOLDS)", () => {
  test("just under the threshold: visible; at it: hidden everywhere listings are read, except to its owner and admins; one audit row", async () => {
    const listingId = await createTestListing(t.db, seller);
    const full = REPORT_WEIGHT.base + REPORT_WEIGHT.sharedClubBonus + REPORT_WEIGHT.establishedBonus; // 3
    expect(2 * full).toBeLessThan(HOLD_THRESHOLDS.listing);
    expect(3 * full).toBeGreaterThanOrEqual(HOLD_THRESHOLDS.listing);
    await report(await member(true), listingId);
    await report(await member(true), listingId);
    expect(await heldOn(listingId)).toHaveLength(0);
    const viewer = await stranger();
    expect(await visibleToStranger(listingId, viewer)).toBe(true);
    // 6 + 1 (a stranger's base weight) = 7: exactly the threshold.
    expect(2 * full + REPORT_WEIGHT.base).toBe(HOLD_THRESHOLDS.listing);
    await report(await stranger(), listingId);
    expect(await heldOn(listingId)).toHaveLength(1);
    expect(await visibleToStranger(listingId, viewer)).toBe(false);
    expect(await visibleToStranger(listingId, null)).toBe(false);
    expect(await visibleToStranger(listingId, seller)).toBe(true);
    expect(await visibleToStranger(listingId, { ...viewer, isAdmin: true })).toBe(true);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, listingId), eq(adminAuditLog.action, "hide_by_weight")));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe("system");
  });

  test("a moderator's dismissal restores it everywhere, in the dismissal's batch", async () => {
    const listingId = await createTestListing(t.db, seller);
    for (let i = 0; i < 3; i++) await report(await member(true), listingId);
    const viewer = await stranger();
    expect(await visibleToStranger(listingId, viewer)).toBe(false);
    const admin = await createTestUser(t.db, { admin: true });
    expect(await moderate(t.db, admin, { intent: "dismiss", target: { type: "listing", id: listingId } })).toMatchObject({ ok: true });
    expect(await visibleToStranger(listingId, viewer)).toBe(true);
    expect((await heldOn(listingId))[0]).toMatchObject({ outcome: "restored", releasedBy: admin.id });
  });

  test("one person's many reports count once: the same reporter again is 'already reported' and adds nothing", async () => {
    const listingId = await createTestListing(t.db, seller);
    const rae = await member(true);
    await report(rae, listingId);
    for (let i = 0; i < 5; i++)
      expect(await createReport(t.db, rae, { type: "listing", id: listingId, reason: "scam" })).toMatchObject({
        ok: false,
        error: "already_reported",
      });
    const [{ total }] = await t.db.all<{ total: number }>(
      sql`select sum(weight) as total from reports where target_id = ${listingId} and status = 'open'`,
    );
    expect(total).toBe(3);
    expect(await heldOn(listingId)).toHaveLength(0);
  });

  test("race: 12 reports crossing the threshold at once hide it once, with one audit row", async () => {
    const listingId = await createTestListing(t.db, seller);
    const reporters = await Promise.all(Array.from({ length: 12 }, () => member(true)));
    const results = await Promise.all(
      reporters.map((r) => createReport(t.db, r, { type: "listing", id: listingId, reason: "prohibited" })),
    );
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(3);
    expect(await heldOn(listingId)).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, listingId), eq(adminAuditLog.action, "hide_by_weight")));
    expect(audit).toHaveLength(1);
  });
});

describe("silenced: reported for scams by SILENCE_RULE.establishedReporters different established people", () => {
  test("two are not enough, nor are new accounts; the third established one silences; the person can read but not post", async () => {
    const scammer = await createTestUser(t.db, { firstName: "Sly" });
    await addTestMember(t.db, club, scammer);
    const about = async (u: TestUser) => {
      const r = await createReport(t.db, u, { type: "user", id: scammer.id, reason: SILENCE_RULE.reason });
      expect(r.ok).toBe(true);
    };
    for (let i = 0; i < 3; i++) await about(await member(false));
    for (let i = 0; i < SILENCE_RULE.establishedReporters - 1; i++) await about(await member(true));
    expect(await t.db.select().from(silences).where(eq(silences.userId, scammer.id))).toHaveLength(0);
    await about(await member(true));
    expect(await t.db.select().from(silences).where(eq(silences.userId, scammer.id))).toHaveLength(1);
    const viewer = (await viewersById(t.db, [scammer.id])).get(scammer.id)!;
    expect(viewer.silenced).toBe(true);
    expect(siteAllowsPost(viewer, "/listings/new")).toBe(false);
    expect(siteAllowsPost(viewer, "/report")).toBe(true);
    expect(siteAllowsPost(viewer, "/appeal")).toBe(true);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, scammer.id), eq(adminAuditLog.action, "silence_user")));
    expect(audit).toHaveLength(1);
  });
});
