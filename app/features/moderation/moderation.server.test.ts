import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminAuditLog, clubMessages, listingPhotos, listings, reports, suspensions, users, warnings } from "#db/schema";
import type { ReportReason, ReportTargetType } from "#db/schema/enums";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { listAuditLog } from "../admin/admin.server";
import { moderate } from "./moderation.server";
import { reportQueue } from "./moderation-queue.server";
import { dismissWarning, unseenWarning } from "../safety/warnings.server";

let t: TestDb;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestDb();
  admin = await createTestUser(t.db, { admin: true });
});
afterAll(() => t.cleanup());

async function report(
  reporter: TestUser,
  type: ReportTargetType,
  id: string,
  opts: { reason?: ReportReason; userId?: string; clubId?: string } = {},
) {
  await t.db.insert(reports).values({
    reporterId: reporter.id,
    targetType: type,
    targetId: id,
    targetUserId: opts.userId ?? null,
    clubId: opts.clubId ?? null,
    reason: opts.reason ?? "scam",
    details: opts.reason === "other" ? "Something is off" : null,
  });
}
const auditRows = (targetId: string) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
const openOn = async (id: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.targetId, id), eq(reports.status, "open")))
  )[0].n;

test("only a site admin may moderate", async () => {
  const member = await createTestUser(t.db);
  expect(await reportQueue(t.db, member, {})).toBeNull();
  expect(await moderate(t.db, member, { intent: "dismiss", target: { type: "user", id: member.id } })).toEqual({
    ok: false,
    reason: "forbidden",
  });
});

test("the queue groups open reports by target with their count and reasons, and shows the listing and its owner", async () => {
  const seller = await createTestUser(t.db);
  const listingId = await createTestListing(t.db, seller, { title: "Too good to be true" });
  const [a, b, c] = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
  await report(a, "listing", listingId, { userId: seller.id });
  await report(b, "listing", listingId, { userId: seller.id, reason: "prohibited" });
  await report(c, "listing", listingId, { userId: seller.id });
  const queue = (await reportQueue(t.db, admin, {}))!;
  const group = queue.groups.find((g) => g.targetId === listingId)!;
  expect(group).toMatchObject({ targetType: "listing", count: 3 });
  expect(group.reasons).toEqual([
    { reason: "scam", count: 2 },
    { reason: "prohibited", count: 1 },
  ]);
  expect(group.context).toMatchObject({ kind: "listing", title: "Too good to be true", owner: { id: seller.id } });
  expect(group.person?.id).toBe(seller.id);
});

test("removing a listing deletes it with its photos, closes every report on it and writes exactly one audit row; a retry is 'already handled'", async () => {
  const seller = await createTestUser(t.db);
  const listingId = await createTestListing(t.db, seller, { title: "Fake cleats" });
  await t.db
    .insert(listingPhotos)
    .values({ listingId, position: 0, r2Key: `${seller.id}/9-0.jpg`, contentType: "image/jpeg", byteSize: 10 });
  await report(await createTestUser(t.db), "listing", listingId, { userId: seller.id });
  await report(await createTestUser(t.db), "listing", listingId, { userId: seller.id });
  const result = await moderate(t.db, admin, { intent: "remove", target: { type: "listing", id: listingId } });
  expect(result).toMatchObject({ ok: true, removedKeys: [`${seller.id}/9-0.jpg`] });
  expect(await t.db.select().from(listings).where(eq(listings.id, listingId))).toEqual([]);
  expect(await openOn(listingId)).toBe(0);
  const closed = await t.db.select().from(reports).where(eq(reports.targetId, listingId));
  expect(closed.every((r) => r.status === "closed" && r.outcome === "removed" && r.handledBy === admin.id)).toBe(true);
  expect(await auditRows(listingId)).toEqual([expect.objectContaining({ action: "delete_listing", reason: "scam", actorId: admin.id })]);
  expect(await moderate(t.db, admin, { intent: "remove", target: { type: "listing", id: listingId } })).toEqual({
    ok: false,
    reason: "already_handled",
  });
  expect(await auditRows(listingId)).toHaveLength(1);
});

test("two moderators at once: one batch wins, the other stores nothing", async () => {
  const author = await createTestUser(t.db);
  const target = { type: "user" as const, id: author.id };
  await report(await createTestUser(t.db), "user", author.id, { userId: author.id, reason: "harassment" });
  const both = await Promise.all([
    moderate(t.db, admin, { intent: "warn", target, reason: "harassment" }),
    moderate(t.db, admin, { intent: "warn", target, reason: "harassment" }),
  ]);
  expect(both.filter((r) => r.ok)).toHaveLength(1);
  expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "already_handled" }]);
  expect(await t.db.select().from(warnings).where(eq(warnings.userId, author.id))).toHaveLength(1);
  expect((await auditRows(author.id)).map((a) => a.action)).toEqual(["warn_user"]);
});

test("a warning shows until its person dismisses it", async () => {
  const person = await createTestUser(t.db);
  await report(await createTestUser(t.db), "user", person.id, { userId: person.id, reason: "inappropriate" });
  expect(await moderate(t.db, admin, { intent: "warn", target: { type: "user", id: person.id }, reason: "inappropriate" })).toMatchObject({
    ok: true,
  });
  const warning = (await unseenWarning(t.db, person))!;
  expect(warning.reason).toBe("inappropriate");
  expect(await dismissWarning(t.db, admin, warning.id)).toBe(false); // not theirs
  expect(await dismissWarning(t.db, person, warning.id)).toBe(true);
  expect(await unseenWarning(t.db, person)).toBeNull();
});

test("suspending replaces an earlier suspension in the same batch; lifting is audited once", async () => {
  const person = await createTestUser(t.db);
  const target = { type: "user" as const, id: person.id };
  await report(await createTestUser(t.db), "user", person.id, { userId: person.id });
  const now = new Date("2030-01-01T00:00:00Z");
  expect(await moderate(t.db, admin, { intent: "suspend", target, reason: "scam", days: 7 }, { now })).toMatchObject({ ok: true });
  await report(await createTestUser(t.db), "user", person.id, { userId: person.id });
  expect(await moderate(t.db, admin, { intent: "suspend", target, reason: "scam", days: null }, { now })).toMatchObject({ ok: true });
  const rows = await t.db.select().from(suspensions).where(eq(suspensions.userId, person.id));
  expect(rows).toHaveLength(2);
  const [current] = rows.filter((r) => r.liftedAt === null);
  expect(current.endsAt).toBeNull();
  expect(rows.find((r) => r.liftedAt !== null)?.endsAt?.toISOString()).toBe("2030-01-08T00:00:00.000Z");
  expect(await moderate(t.db, admin, { intent: "lift", suspensionId: current.id })).toMatchObject({ ok: true });
  expect(await moderate(t.db, admin, { intent: "lift", suspensionId: current.id })).toEqual({ ok: false, reason: "already_handled" });
  expect((await auditRows(person.id)).map((a) => a.action).sort()).toEqual(["lift_suspension", "suspend_user", "suspend_user"]);
});

test("removing a club chat message shows it in context first, then deletes it and publishes the removal", async () => {
  const owner = await createTestUser(t.db);
  const club = await createTestClub(t.db, owner);
  const author = await createTestUser(t.db);
  await addTestMember(t.db, club, author);
  const ids: string[] = [];
  for (let i = 0; i < 9; i++) {
    const [m] = await t.db
      .insert(clubMessages)
      .values({
        clubId: club.id,
        userId: i === 4 ? author.id : owner.id,
        content: `message ${i}`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })
      .returning();
    ids.push(m.id);
  }
  await report(owner, "club_message", ids[4], { userId: author.id, clubId: club.id, reason: "harassment" });
  const group = (await reportQueue(t.db, admin, {}))!.groups.find((g) => g.targetId === ids[4])!;
  expect(group.context.kind === "messages" && group.context.messages.map((m) => m.content)).toEqual(
    [1, 2, 3, 4, 5, 6, 7].map((i) => `message ${i}`),
  );
  const published: unknown[] = [];
  const publish = { club: (_: string, e: unknown) => published.push(e), user: () => {} };
  expect(await moderate(t.db, admin, { intent: "remove", target: { type: "club_message", id: ids[4] } }, { publish })).toMatchObject({
    ok: true,
  });
  expect(await t.db.select().from(clubMessages).where(eq(clubMessages.id, ids[4]))).toEqual([]);
  expect(published).toEqual([{ type: "club.message.deleted", clubId: club.id, id: ids[4], kind: "chat" }]);
  expect(await auditRows(ids[4])).toEqual([expect.objectContaining({ action: "delete_message", targetType: "club_message" })]);
});

test("deleting the account closes every open report about the person, with one audit row", async () => {
  const person = await createTestUser(t.db);
  const listingId = await createTestListing(t.db, person);
  await report(await createTestUser(t.db), "user", person.id, { userId: person.id });
  await report(await createTestUser(t.db), "listing", listingId, { userId: person.id });
  const result = await moderate(t.db, admin, { intent: "deleteAccount", target: { type: "user", id: person.id } });
  expect(result).toMatchObject({ ok: true, deletedUserId: person.id });
  expect(await t.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
  expect(await openOn(listingId)).toBe(0);
  expect((await auditRows(person.id)).map((a) => a.action)).toEqual(["delete_user"]);
});

test("the audit log view filters by admin, action and target", async () => {
  const person = await createTestUser(t.db);
  await report(await createTestUser(t.db), "user", person.id, { userId: person.id });
  await moderate(t.db, admin, { intent: "dismiss", target: { type: "user", id: person.id } });
  const byTarget = await listAuditLog(t.db, { filter: { targetId: person.id } });
  expect(byTarget.rows.map((r) => r.action)).toEqual(["dismiss_report"]);
  expect(
    (await listAuditLog(t.db, { filter: { actor: admin.email, action: "dismiss_report", targetType: "user" } })).rows.length,
  ).toBeGreaterThan(0);
  expect((await listAuditLog(t.db, { filter: { actor: "nobody@example.test" } })).total).toBe(0);
  expect((await listAuditLog(t.db, { filter: { action: "warn_user", targetId: person.id } })).total).toBe(0);
});

describe("the audit log has no update or delete path", () => {
  test("the database refuses UPDATE and DELETE on admin_audit_log", async () => {
    const [entry] = await t.db.select().from(adminAuditLog).limit(1);
    expect(entry).toBeDefined();
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => "changed",
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(t.db.run(sql`update admin_audit_log set reason = 'edited' where id = ${entry.id}`))).toMatch(/append-only/);
    expect(await refusal(t.db.update(adminAuditLog).set({ reason: "edited" }).where(eq(adminAuditLog.id, entry.id)))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.run(sql`delete from admin_audit_log where id = ${entry.id}`))).toMatch(/append-only/);
    expect(await refusal(t.db.delete(adminAuditLog))).toMatch(/append-only/);
    expect((await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, entry.id)))[0]).toEqual(entry);
  });

  test("no code in app/ updates or deletes an audit row", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk("app");
    const forbidden = [
      /\.(update|delete)\(\s*(\w+\.)?adminAuditLog\b/,
      // Raw SQL naming the table through drizzle: sql`update ${adminAuditLog} …`.
      /\b(update|delete\s+from)\s+\$\{\s*(\w+\.)?adminAuditLog\s*\}/i,
      /\bupdate\s+(or\s+\w+\s+)?["`]?admin_audit_log\b/i,
      /\bdelete\s+from\s+["`]?admin_audit_log\b/i,
      /\breplace\s+into\s+["`]?admin_audit_log\b/i,
    ];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => forbidden.some((pattern) => pattern.test(readFileSync(file, "utf8"))));
    expect(offenders).toEqual([]);
  });
});
