// Appeals (ADR 099) over a real libSQL: once per decision, only one's own, never judged by the admin
// who decided, and reversing restores in one batch — two admins at once give one outcome.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminAuditLog, appeals, heldContent, listings, reports, silences, suspensions, warnings } from "#db/schema";
import { APPEAL_MAX_LENGTH } from "#db/schema/trust";
import { APPEAL_MAX_LENGTH as APPEAL_TEXT_MAX } from "~/shared/schemas/appeal";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { queueMailStatement } from "../notifications/mail-queue.server";
import { listingVisibleTo } from "../listings/listing-visibility.server";
import { siteAllowsPost } from "../permissions/site";
import { viewersById } from "../accounts/viewers-by-id.server";
import { moderate } from "./moderation.server";
import { appealQueue, decideAppeal, fileAppeal, liftSilence, myDecisions, ownHoldQuery, silencedNow, toOwnHold } from "./appeals.server";

let t: TestDb;
let adminA: TestUser;
let adminB: TestUser;

beforeAll(async () => {
  t = await createTestDb();
  adminA = await createTestUser(t.db, { firstName: "Ada", admin: true });
  adminB = await createTestUser(t.db, { firstName: "Bea", admin: true });
});
afterAll(() => t.cleanup());

/** A listing of `seller`'s held pending review by an open report of `reporter`'s (what the report's batch writes, ADR 095). */
async function heldListing(seller: TestUser) {
  const reporter = await createTestUser(t.db, { firstName: "Rae" });
  const listingId = await createTestListing(t.db, seller);
  const [report] = await t.db
    .insert(reports)
    .values({ reporterId: reporter.id, targetType: "listing", targetId: listingId, targetUserId: seller.id, reason: "scam", weight: 7 })
    .returning({ id: reports.id });
  const [hold] = await t.db
    .insert(heldContent)
    .values({ targetType: "listing", targetId: listingId, targetUserId: seller.id, reportId: report.id })
    .returning({ id: heldContent.id });
  return { listingId, holdId: hold.id, reportId: report.id };
}

const visibleToStrangers = async (listingId: string) =>
  (
    await t.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.id, listingId), listingVisibleTo(null)))
  ).length === 1;
const auditRows = (action: string, targetId: string) =>
  t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action as "appeal_upheld"), eq(adminAuditLog.targetId, targetId)));
const ownHold = async (viewer: TestUser, type: "listing", id: string) => toOwnHold(await ownHoldQuery(t.db, viewer, type, id));
const mailTo = (userId: string) => t.db.all<{ subject: string }>(sql`select subject from mail_queue where user_id = ${userId}`);
/** The route's 'tell': one queued mail per decided appeal (its dedupe key is the appeal's). */
const tell = (d: { appealId: string; userId: string; email: string; reversed: boolean }) => [
  queueMailStatement(t.db, {
    dedupeKey: `appeal:${d.appealId}`,
    userId: d.userId,
    to: d.email,
    subject: d.reversed ? "reversed" : "stands",
    text: "…",
  }),
];

test("the form's longest appeal is the table's CHECK", () => {
  expect(APPEAL_TEXT_MAX).toBe(APPEAL_MAX_LENGTH);
});

describe("a person appeals a decision about them, once", () => {
  test("the owner of a held listing sees the hold, appeals it; a second appeal is refused; another person's is not found", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sam" });
    const { listingId, holdId } = await heldListing(seller);
    expect(await ownHold(seller, "listing", listingId)).toEqual({ holdId, appealed: false });
    const mine = await myDecisions(t.db, seller);
    expect(mine).toMatchObject([
      { subject: "hold", decisionId: holdId, heldType: "listing", heldId: listingId, standing: true, appeal: null },
    ]);

    const other = await createTestUser(t.db, { firstName: "Oz" });
    expect(await ownHold(other, "listing", listingId)).toBeNull();
    expect(await fileAppeal(t.db, other, { subject: "hold", decisionId: holdId, text: "Not mine but let me" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await myDecisions(t.db, other)).toEqual([]);

    const first = await fileAppeal(t.db, seller, {
      subject: "hold",
      decisionId: holdId,
      text: "It is my own glove, photographed in my garden.",
    });
    expect(first.ok).toBe(true);
    expect(await fileAppeal(t.db, seller, { subject: "hold", decisionId: holdId, text: "Again" })).toEqual({
      ok: false,
      reason: "already_appealed",
    });
    expect(await t.db.select().from(appeals).where(eq(appeals.decisionId, holdId))).toHaveLength(1);
    expect(await ownHold(seller, "listing", listingId)).toEqual({ holdId, appealed: true });
  });

  test("ten appeals of one decision at once store one", async () => {
    const seller = await createTestUser(t.db, { firstName: "Tia" });
    const { holdId } = await heldListing(seller);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fileAppeal(t.db, seller, { subject: "hold", decisionId: holdId, text: `Please look again ${i}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "already_appealed")).toHaveLength(9);
  });

  test("a silenced person may post to /appeal (and nowhere else) and appeal their silence", async () => {
    const person = await createTestUser(t.db, { firstName: "Sil" });
    const [report] = await t.db
      .insert(reports)
      .values({ targetType: "user", targetId: person.id, targetUserId: person.id, reason: "scam" })
      .returning({ id: reports.id });
    const [silence] = await t.db.insert(silences).values({ userId: person.id, reportId: report.id }).returning({ id: silences.id });
    const viewer = (await viewersById(t.db, [person.id])).get(person.id)!;
    expect(viewer.silenced).toBe(true);
    expect(siteAllowsPost(viewer, "/appeal")).toBe(true);
    expect(siteAllowsPost(viewer, "/listing/new")).toBe(false);
    expect(
      await fileAppeal(t.db, viewer, { subject: "silence", decisionId: silence.id, text: "I sell my kid's old gear, no scam." }),
    ).toMatchObject({
      ok: true,
    });
  });
});

describe("a site admin other than the one who decided judges the appeal", () => {
  test("reversing a hold restores the listing, dismisses its reports, writes one audit row and queues one mail", async () => {
    const seller = await createTestUser(t.db, { firstName: "Ula" });
    const { listingId, holdId, reportId } = await heldListing(seller);
    expect(await visibleToStrangers(listingId)).toBe(false);
    const filed = await fileAppeal(t.db, seller, { subject: "hold", decisionId: holdId, text: "My own photos." });
    if (!filed.ok) throw new Error(filed.reason);

    const queue = await appealQueue(t.db, adminA);
    expect(queue?.entries.find((e) => e.id === filed.appealId)).toMatchObject({
      subject: "hold",
      heldType: "listing",
      person: { id: seller.id },
    });
    expect(await appealQueue(t.db, seller)).toBeNull();
    expect(await decideAppeal(t.db, seller, { appealId: filed.appealId, outcome: "reverse" })).toEqual({ ok: false, reason: "forbidden" });

    expect(await decideAppeal(t.db, adminA, { appealId: filed.appealId, outcome: "reverse" }, { tell })).toMatchObject({ ok: true });
    expect(await visibleToStrangers(listingId)).toBe(true);
    const [hold] = await t.db.select().from(heldContent).where(eq(heldContent.id, holdId));
    expect(hold).toMatchObject({ outcome: "restored", releasedBy: adminA.id });
    const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(report).toMatchObject({ status: "closed", outcome: "dismissed", handledBy: adminA.id });
    expect(await auditRows("appeal_upheld", seller.id)).toHaveLength(1);
    expect(await mailTo(seller.id)).toEqual([{ subject: "reversed" }]);
    const [after] = await myDecisions(t.db, seller);
    expect(after).toMatchObject({ subject: "hold", standing: false, appeal: { status: "upheld" } });
  });

  test("the admin who suspended cannot judge the appeal, and does not see it queued; another upholds the suspension", async () => {
    const person = await createTestUser(t.db, { firstName: "Vic" });
    const [suspension] = await t.db
      .insert(suspensions)
      .values({ userId: person.id, reason: "harassment", createdBy: adminA.id, endsAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: suspensions.id });
    const viewer = (await viewersById(t.db, [person.id])).get(person.id)!;
    const filed = await fileAppeal(t.db, viewer, {
      subject: "suspension",
      decisionId: suspension.id,
      text: "It was a joke between friends.",
    });
    if (!filed.ok) throw new Error(filed.reason);
    expect((await appealQueue(t.db, adminA))?.entries.some((e) => e.id === filed.appealId)).toBe(false);
    expect((await appealQueue(t.db, adminB))?.entries.some((e) => e.id === filed.appealId)).toBe(true);
    expect(await decideAppeal(t.db, adminA, { appealId: filed.appealId, outcome: "reverse" })).toEqual({
      ok: false,
      reason: "own_decision",
    });
    expect(await decideAppeal(t.db, adminB, { appealId: filed.appealId, outcome: "uphold" }, { tell })).toMatchObject({ ok: true });
    const [row] = await t.db.select().from(suspensions).where(eq(suspensions.id, suspension.id));
    expect(row.liftedAt).toBeNull();
    expect(await auditRows("appeal_denied", person.id)).toHaveLength(1);
    expect(await mailTo(person.id)).toEqual([{ subject: "stands" }]);
    expect(await decideAppeal(t.db, adminB, { appealId: filed.appealId, outcome: "reverse" })).toEqual({
      ok: false,
      reason: "already_handled",
    });
  });

  test("two admins deciding one appeal at once: one outcome, one audit row, one mail", async () => {
    const person = await createTestUser(t.db, { firstName: "Wes" });
    const [warning] = await t.db
      .insert(warnings)
      .values({ userId: person.id, reason: "harassment", createdBy: adminA.id })
      .returning({ id: warnings.id });
    const filed = await fileAppeal(t.db, person, { subject: "warning", decisionId: warning.id, text: "I posted once." });
    if (!filed.ok) throw new Error(filed.reason);
    const third = await createTestUser(t.db, { firstName: "Cy", admin: true });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        decideAppeal(t.db, i % 2 ? adminB : third, { appealId: filed.appealId, outcome: i % 3 ? "reverse" : "uphold" }, { tell }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "already_handled")).toHaveLength(9);
    const decided = [...(await auditRows("appeal_upheld", person.id)), ...(await auditRows("appeal_denied", person.id))];
    expect(decided).toHaveLength(1);
    expect(await mailTo(person.id)).toHaveLength(1);
  });

  test("reversing a silence lets the person post again", async () => {
    const person = await createTestUser(t.db, { firstName: "Xan" });
    const [silence] = await t.db.insert(silences).values({ userId: person.id, reportId: "r" }).returning({ id: silences.id });
    const filed = await fileAppeal(t.db, person, { subject: "silence", decisionId: silence.id, text: "Wrong person." });
    if (!filed.ok) throw new Error(filed.reason);
    expect(await decideAppeal(t.db, adminB, { appealId: filed.appealId, outcome: "reverse" })).toMatchObject({ ok: true });
    const viewer = (await viewersById(t.db, [person.id])).get(person.id)!;
    expect(viewer.silenced).toBe(false);
    expect(siteAllowsPost(viewer, "/listing/new")).toBe(true);
  });
});

describe("a moderator lifts a silence, as a suspension", () => {
  test("listed as silenced; five lifts at once: one lifts, one lift_silence audit row, the rest 'Already handled'", async () => {
    const person = await createTestUser(t.db, { firstName: "Yo" });
    const [silence] = await t.db.insert(silences).values({ userId: person.id, reportId: "r" }).returning({ id: silences.id });
    expect((await silencedNow(t.db, adminA))?.some((s) => s.id === silence.id)).toBe(true);
    expect(await silencedNow(t.db, person)).toBeNull();
    expect(await liftSilence(t.db, person, silence.id)).toEqual({ ok: false, reason: "forbidden" });
    const results = await Promise.all(Array.from({ length: 5 }, () => liftSilence(t.db, adminA, silence.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "already_handled")).toHaveLength(4);
    expect(await auditRows("lift_silence", person.id)).toHaveLength(1);
    expect((await silencedNow(t.db, adminA))?.some((s) => s.id === silence.id)).toBe(false);
  });
});

describe("a removal is appealed as a hold is (ADR 104)", () => {
  test("the owner of a removed listing appeals once; the admin who removed it cannot judge; another's reversal dismisses its reports", async () => {
    const seller = await createTestUser(t.db, { firstName: "Rex" });
    const reporter = await createTestUser(t.db, { firstName: "Ria" });
    const stranger = await createTestUser(t.db, { firstName: "Sol" });
    const listingId = await createTestListing(t.db, seller, { title: "Removed cleats" });
    await t.db
      .insert(reports)
      .values({ reporterId: reporter.id, targetType: "listing", targetId: listingId, targetUserId: seller.id, reason: "scam" });
    expect(await moderate(t.db, adminA, { intent: "remove", target: { type: "listing", id: listingId } })).toMatchObject({ ok: true });

    const [removal] = (await myDecisions(t.db, seller)).filter((d) => d.subject === "removal");
    expect(removal).toMatchObject({ subject: "removal", label: "Removed cleats", reason: "scam", standing: true, appeal: null });
    // Nobody else's: the reporter and a stranger see no removal, and cannot appeal it (404).
    expect((await myDecisions(t.db, reporter)).some((d) => d.subject === "removal")).toBe(false);
    for (const other of [reporter, stranger, adminB])
      expect(await fileAppeal(t.db, other, { subject: "removal", decisionId: removal.decisionId, text: "Not mine" })).toEqual({
        ok: false,
        reason: "not_found",
      });

    const filed = await Promise.all(
      Array.from({ length: 5 }, () =>
        fileAppeal(t.db, seller, { subject: "removal", decisionId: removal.decisionId, text: "It was real" }),
      ),
    );
    expect(filed.filter((r) => r.ok)).toHaveLength(1);
    expect(filed.filter((r) => !r.ok && r.reason === "already_appealed")).toHaveLength(4);
    const appealId = filed.find((r) => r.ok)!.appealId;

    // The removing admin neither sees it queued nor may decide it; another does.
    expect((await appealQueue(t.db, adminA))!.entries.some((e) => e.id === appealId)).toBe(false);
    expect(await decideAppeal(t.db, adminA, { appealId, outcome: "reverse" })).toEqual({ ok: false, reason: "own_decision" });
    const queued = (await appealQueue(t.db, adminB))!.entries.find((e) => e.id === appealId);
    expect(queued).toMatchObject({ subject: "removal", label: "Removed cleats", reason: "scam", decidedBy: adminA.id });
    expect(await decideAppeal(t.db, adminB, { appealId, outcome: "reverse" }, { tell })).toMatchObject({ ok: true });
    const outcomes = await t.db.select({ outcome: reports.outcome }).from(reports).where(eq(reports.targetId, listingId));
    expect(outcomes).toEqual([{ outcome: "dismissed" }]);
    expect(await auditRows("appeal_upheld", seller.id)).toHaveLength(1);
    expect(await mailTo(seller.id)).toEqual([{ subject: "reversed" }]);
    expect((await myDecisions(t.db, seller)).find((d) => d.subject === "removal")?.appeal?.status).toBe("upheld");
  });

  test("an admin's own delete without a report names no one: nothing to appeal", async () => {
    const seller = await createTestUser(t.db, { firstName: "Ned" });
    const listingId = await createTestListing(t.db, seller);
    await t.db.insert(adminAuditLog).values({
      actorId: adminA.id,
      actorEmail: adminA.email,
      action: "delete_listing",
      targetType: "listing",
      targetId: listingId,
      targetLabel: "Gone",
    });
    expect((await myDecisions(t.db, seller)).some((d) => d.subject === "removal")).toBe(false);
  });
});
