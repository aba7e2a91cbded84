import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "#db/client";
import { adminAuditLog, clubMembers, clubMessages, clubRequests, reports, type Report } from "#db/schema";
import type { ReportReason } from "#db/schema/enums";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { recorder } from "../../../tests/setup/chat-club";
import { getClubAccess } from "../clubs/club-access.server";
import { clubActionsOn, moderateClubReport } from "./club-moderation.server";
import { clubReports } from "./club-reports.server";

// ADR 069: a club's owner and admins moderate reports about its chat, announcements and item
// requests from /club/{slug}/manage; each action is one batch the database decides.

let t: TestDb;
let siteAdmin: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  t = await createTestDb();
  siteAdmin = await createTestUser(t.db, { firstName: "Sid", lastName: "Site", admin: true });
  outsider = await createTestUser(t.db, { firstName: "Sam", lastName: "Stranger" });
});
afterAll(() => t.cleanup());

type World = { club: TestClub; owner: TestUser; admin: TestUser; admin2: TestUser; mia: TestUser; noah: TestUser; reporters: TestUser[] };

/** A club of its own per test: an owner, two admins, two members and three members who report. */
async function world(): Promise<World> {
  const owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
  const club = await createTestClub(t.db, owner);
  const user = async (firstName: string, role?: "admin") => {
    const u = await createTestUser(t.db, { firstName, lastName: "Test" });
    await addTestMember(t.db, club, u, { role });
    return u;
  };
  return {
    club,
    owner,
    admin: await user("Ada", "admin"),
    admin2: await user("Abe", "admin"),
    mia: await user("Mia"),
    noah: await user("Noah"),
    reporters: [await user("Rae"), await user("Rob"), await user("Ria")],
  };
}

let clock = Date.UTC(2026, 10, 1);
async function post(w: World, by: TestUser, content: string, kind: "chat" | "announcement" = "chat") {
  const id = randomUUID();
  clock += 60_000;
  await t.db.insert(clubMessages).values({ id, clubId: w.club.id, userId: by.id, content, messageType: kind, createdAt: new Date(clock) });
  return id;
}

async function request(w: World, by: TestUser, title: string) {
  const [row] = await t.db.insert(clubRequests).values({ clubId: w.club.id, userId: by.id, title }).returning();
  return row.id;
}

/** A report row as slice A's createReport stores it: club content carries its club. */
async function report(
  w: World,
  target: { type: Report["targetType"]; id: string; userId: string },
  by: TestUser,
  opts: { reason?: ReportReason; details?: string; clubId?: string | null } = {},
) {
  const [row] = await t.db
    .insert(reports)
    .values({
      reporterId: by.id,
      targetType: target.type,
      targetId: target.id,
      targetUserId: target.userId,
      clubId: opts.clubId === undefined ? w.club.id : opts.clubId,
      reason: opts.reason ?? "harassment",
      details: opts.details ?? (opts.reason === "other" ? "Something else" : null),
      excerpt: "excerpt",
    })
    .returning();
  return row;
}

const access = async (w: World, user: TestUser | null) => (await getClubAccess(t.db, user, w.club.slug))!;
const act = (w: World, user: TestUser | null, action: "dismiss" | "remove" | "removeMember", reportId: string, db: Db = t.db) => {
  const rec = recorder();
  return moderateClubReport(db, user, w.club.slug, { action, reportId }, rec.publish).then((result) => ({ result, events: rec.club }));
};
const reportRows = (targetId: string) => t.db.select().from(reports).where(eq(reports.targetId, targetId));
const auditRows = (reportId: string) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.reportId, reportId));
const message = (id: string) => t.db.select().from(clubMessages).where(eq(clubMessages.id, id));
const membership = (w: World, user: TestUser) =>
  t.db
    .select()
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, w.club.id), eq(clubMembers.userId, user.id)));

/** The same database, with `sneak` run just before the action's batch: another request that got there first. */
function withSneak(db: Db, sneak: () => Promise<unknown>): Db {
  let done = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "batch")
        return async (statements: Parameters<Db["batch"]>[0]) => {
          if (!done) {
            done = true;
            await sneak();
          }
          return target.batch(statements);
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("the Reports section's reads", () => {
  test("open reports about this club's messages and requests, grouped by target with count, reasons and the chat around", async () => {
    const w = await world();
    const before = [await post(w, w.noah, "one"), await post(w, w.noah, "two"), await post(w, w.mia, "three")];
    const bad = await post(w, w.mia, "the reported words");
    const after = [await post(w, w.noah, "five"), await post(w, w.noah, "six"), await post(w, w.noah, "seven")];
    await post(w, w.owner, "an announcement between", "announcement");
    const req = await request(w, w.noah, "Free cleats, DM for my bank details");
    await report(w, { type: "club_message", id: bad, userId: w.mia.id }, w.reporters[0], { reason: "harassment" });
    await report(w, { type: "club_message", id: bad, userId: w.mia.id }, w.reporters[1], { reason: "other", details: "Rude to kids" });
    await report(w, { type: "club_message", id: bad, userId: w.mia.id }, w.reporters[2], { reason: "harassment" });
    await report(w, { type: "item_request", id: req, userId: w.noah.id }, w.reporters[0], { reason: "scam" });
    // Not this section's: a closed report, a report about the club itself, another club's message.
    const closed = await report(w, { type: "club_message", id: before[0], userId: w.noah.id }, w.reporters[0]);
    await t.db.update(reports).set({ status: "closed", outcome: "dismissed" }).where(eq(reports.id, closed.id));
    await report(w, { type: "club", id: w.club.id, userId: w.owner.id }, w.reporters[1]);
    const other = await world();
    const elsewhere = await post(other, other.mia, "elsewhere");
    await report(other, { type: "club_message", id: elsewhere, userId: other.mia.id }, other.reporters[0]);

    const groups = await clubReports(t.db, await access(w, w.admin));
    expect(groups.map((g) => [g.targetType, g.targetId, g.count])).toEqual([
      ["club_message", bad, 3],
      ["item_request", req, 1],
    ]);
    const [msg, reqGroup] = groups;
    expect(msg.kind).toBe("chat");
    expect(msg.reasons).toEqual([
      { reason: "harassment", count: 2 },
      { reason: "other", count: 1 },
    ]);
    expect(msg.details).toEqual(["Rude to kids"]);
    expect(msg.content).toMatchObject({ text: "the reported words", title: null });
    expect(msg.author).toMatchObject({ userId: w.mia.id, name: "Mia Test", isMember: true, removable: true });
    // Two before and two after, of the same kind (the announcement is not chat).
    expect(msg.context.map((m) => [m.content, m.reported])).toEqual([
      ["two", false],
      ["three", false],
      ["the reported words", true],
      ["five", false],
      ["six", false],
    ]);
    expect(after).toHaveLength(3);
    expect(reqGroup).toMatchObject({ kind: "request", content: { title: "Free cleats, DM for my bank details" }, context: [] });
    expect(reqGroup.author).toMatchObject({ userId: w.noah.id, removable: true });
  });

  test("only the owner, admins and site admins read them; a member, a stranger and a visitor get nothing", async () => {
    const w = await world();
    const m = await post(w, w.mia, "hello");
    await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0]);
    for (const who of [w.owner, w.admin, siteAdmin]) expect(await clubReports(t.db, await access(w, who))).toHaveLength(1);
    for (const who of [w.mia, outsider, null]) expect(await clubReports(t.db, await access(w, who))).toEqual([]);
  });

  test("content already gone shows the report's excerpt; an admin may not remove another admin, nobody the owner", async () => {
    const w = await world();
    const gone = await post(w, w.mia, "deleted by its author");
    await report(w, { type: "club_message", id: gone, userId: w.mia.id }, w.reporters[0]);
    await t.db.delete(clubMessages).where(eq(clubMessages.id, gone));
    const byAdmin = await post(w, w.admin2, "an admin's words");
    await report(w, { type: "club_message", id: byAdmin, userId: w.admin2.id }, w.reporters[0]);
    const byOwner = await post(w, w.owner, "the owner's words");
    await report(w, { type: "club_message", id: byOwner, userId: w.owner.id }, w.reporters[0]);
    const asAdmin = new Map((await clubReports(t.db, await access(w, w.admin))).map((g) => [g.targetId, g]));
    expect(asAdmin.get(gone)).toMatchObject({ kind: null, content: null, excerpt: "excerpt", context: [] });
    expect(asAdmin.get(gone)!.author).toMatchObject({ userId: w.mia.id, removable: true });
    expect(asAdmin.get(byAdmin)!.author!.removable).toBe(false);
    expect(asAdmin.get(byOwner)!.author!.removable).toBe(false);
    const asOwner = new Map((await clubReports(t.db, await access(w, w.owner))).map((g) => [g.targetId, g]));
    expect(asOwner.get(byAdmin)!.author!.removable).toBe(true);
    expect(asOwner.get(byOwner)!.author!.removable).toBe(false);
  });
});

describe("the Reports section's actions", () => {
  test("dismiss closes every open report on the target, keeps the content, and writes one audit row with the club", async () => {
    const w = await world();
    const m = await post(w, w.mia, "borderline");
    const first = await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0]);
    await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[1], { reason: "inappropriate" });
    const { result, events } = await act(w, w.admin, "dismiss", first.id);
    expect(result).toMatchObject({ ok: true, action: "dismiss", removedUserId: null });
    expect(events).toEqual([]);
    const rows = await reportRows(m);
    expect(rows.map((r) => [r.status, r.outcome, r.handledBy])).toEqual([
      ["closed", "dismissed", w.admin.id],
      ["closed", "dismissed", w.admin.id],
    ]);
    expect(rows.every((r) => r.handledAt instanceof Date)).toBe(true);
    expect(await message(m)).toHaveLength(1);
    const audit = await auditRows(first.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "dismiss_report",
      actorId: w.admin.id,
      actorEmail: w.admin.email,
      clubId: w.club.id,
      targetType: "club_message",
      targetId: m,
      reason: "harassment, inappropriate",
    });
  });

  test("remove deletes the message, tells the club room, closes the reports as 'removed' and audits delete_message", async () => {
    const w = await world();
    const m = await post(w, w.mia, "spam spam spam", "chat");
    const r = await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0], { reason: "scam" });
    const { result, events } = await act(w, w.owner, "remove", r.id);
    expect(result).toMatchObject({ ok: true, action: "remove", targetType: "club_message" });
    expect(await message(m)).toEqual([]);
    expect(events).toEqual([[w.club.id, { type: "club.message.deleted", clubId: w.club.id, id: m, kind: "chat" }]]);
    expect((await reportRows(m)).map((x) => [x.status, x.outcome])).toEqual([["closed", "removed"]]);
    expect(await auditRows(r.id)).toEqual([
      expect.objectContaining({ action: "delete_message", clubId: w.club.id, targetId: m, targetLabel: "spam spam spam", reason: "scam" }),
    ]);
    expect(await membership(w, w.mia)).toHaveLength(1);
  });

  test("remove takes an item request down and tells the club room", async () => {
    const w = await world();
    const req = await request(w, w.noah, "Send me gift cards");
    const r = await report(w, { type: "item_request", id: req, userId: w.noah.id }, w.reporters[0], { reason: "scam" });
    const { result, events } = await act(w, w.admin, "remove", r.id);
    expect(result).toMatchObject({ ok: true, targetType: "item_request" });
    expect(await t.db.select().from(clubRequests).where(eq(clubRequests.id, req))).toEqual([]);
    expect(events).toEqual([[w.club.id, { type: "club.request.deleted", clubId: w.club.id, id: req }]]);
    expect(await auditRows(r.id)).toEqual([expect.objectContaining({ action: "delete_item_request", clubId: w.club.id })]);
  });

  test("remove member: the author leaves the club with the message, two audit rows; the manage page's rules hold", async () => {
    const w = await world();
    const m = await post(w, w.mia, "abuse");
    const r = await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0]);
    const { result, events } = await act(w, w.admin, "removeMember", r.id);
    expect(result).toMatchObject({ ok: true, action: "removeMember", removedUserId: w.mia.id });
    expect(await membership(w, w.mia)).toEqual([]);
    expect(await message(m)).toEqual([]);
    expect(events).toHaveLength(1);
    expect((await reportRows(m)).map((x) => x.outcome)).toEqual(["member_removed"]);
    expect((await auditRows(r.id)).map((a) => [a.action, a.targetType, a.targetId, a.clubId]).sort()).toEqual(
      [
        ["delete_message", "club_message", m, w.club.id],
        ["remove_member", "user", w.mia.id, w.club.id],
      ].sort(),
    );

    // Nobody removes the owner; an admin does not remove another admin (their reports stay open).
    const byOwner = await post(w, w.owner, "owner's words");
    const r2 = await report(w, { type: "club_message", id: byOwner, userId: w.owner.id }, w.reporters[0]);
    expect((await act(w, w.admin, "removeMember", r2.id)).result).toMatchObject({ ok: false, error: "cannotChangeOwner" });
    const byAdmin = await post(w, w.admin2, "admin's words");
    const r3 = await report(w, { type: "club_message", id: byAdmin, userId: w.admin2.id }, w.reporters[0]);
    expect((await act(w, w.admin, "removeMember", r3.id)).result).toMatchObject({ ok: false, error: "forbidden" });
    for (const [id, reportId] of [
      [byOwner, r2.id],
      [byAdmin, r3.id],
    ]) {
      expect(await message(id)).toHaveLength(1);
      expect((await reportRows(id)).map((x) => x.status)).toEqual(["open"]);
      expect(await auditRows(reportId)).toEqual([]);
    }
    // The owner may remove an admin.
    expect((await act(w, w.owner, "removeMember", r3.id)).result).toMatchObject({ ok: true, removedUserId: w.admin2.id });
  });

  test("a plain member, a stranger and a visitor are refused and nothing changes; a site admin may", async () => {
    const w = await world();
    const m = await post(w, w.noah, "rude");
    const r = await report(w, { type: "club_message", id: m, userId: w.noah.id }, w.reporters[0]);
    expect((await act(w, w.mia, "remove", r.id)).result).toMatchObject({ ok: false, error: "accessDenied" });
    expect((await act(w, outsider, "remove", r.id)).result).toMatchObject({ ok: false, error: "accessDenied" });
    expect((await act(w, null, "remove", r.id)).result).toMatchObject({ ok: false, error: "signInRequired" });
    expect(await message(m)).toHaveLength(1);
    expect((await reportRows(m))[0].status).toBe("open");
    expect(await auditRows(r.id)).toEqual([]);
    expect((await act(w, siteAdmin, "remove", r.id)).result).toMatchObject({ ok: true });
    expect(await auditRows(r.id)).toEqual([expect.objectContaining({ actorId: siteAdmin.id, clubId: w.club.id })]);
  });

  test("a report of another club, of something not club content, or an unknown id is 'not found' — even for a moderator of both", async () => {
    const w = await world();
    const other = await world();
    await addTestMember(t.db, other.club, w.admin, { role: "admin" });
    const m = await post(other, other.mia, "elsewhere");
    const theirs = await report(other, { type: "club_message", id: m, userId: other.mia.id }, other.reporters[0]);
    const aboutClub = await report(w, { type: "club", id: w.club.id, userId: w.owner.id }, w.reporters[0]);
    for (const id of [theirs.id, aboutClub.id, randomUUID(), "not-an-id"])
      expect((await act(w, w.admin, "dismiss", id)).result).toMatchObject({ ok: false, error: "reportNotFound" });
    expect((await reportRows(m))[0].status).toBe("open");
  });

  test("a report already handled says so and writes nothing; two moderators at once: exactly one wins", async () => {
    const w = await world();
    const m = await post(w, w.mia, "twice");
    const r = await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0]);
    expect((await act(w, w.admin, "dismiss", r.id)).result).toMatchObject({ ok: true });
    expect((await act(w, w.owner, "remove", r.id)).result).toMatchObject({ ok: false, error: "alreadyHandled" });
    expect(await message(m)).toHaveLength(1);
    expect(await auditRows(r.id)).toHaveLength(1);

    const m2 = await post(w, w.noah, "raced");
    const r2 = await report(w, { type: "club_message", id: m2, userId: w.noah.id }, w.reporters[0]);
    const outcomes = await Promise.all([act(w, w.admin, "dismiss", r2.id), act(w, w.owner, "remove", r2.id)]);
    expect(outcomes.filter((o) => o.result.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.result.ok).map((o) => o.result)).toEqual([expect.objectContaining({ error: "alreadyHandled" })]);
    expect(await auditRows(r2.id)).toHaveLength(1);
  });

  test("the batch is all or nothing: handled between the page's read and the batch, nothing of it happens", async () => {
    const w = await world();
    const m = await post(w, w.mia, "raced by a site admin");
    const r = await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0]);
    const sneaky = withSneak(t.db, () =>
      t.db.update(reports).set({ status: "closed", outcome: "removed", handledBy: siteAdmin.id }).where(eq(reports.id, r.id)),
    );
    const { result, events } = await act(w, w.admin, "removeMember", r.id, sneaky);
    expect(result).toMatchObject({ ok: false, error: "alreadyHandled" });
    expect(events).toEqual([]);
    expect(await message(m)).toHaveLength(1);
    expect(await membership(w, w.mia)).toHaveLength(1);
    expect(await auditRows(r.id)).toEqual([]);
    expect((await reportRows(m))[0]).toMatchObject({ handledBy: siteAdmin.id });

    // The message deleted by its author in between: remove changes nothing and says so.
    const m2 = await post(w, w.noah, "deleted in between");
    const r2 = await report(w, { type: "club_message", id: m2, userId: w.noah.id }, w.reporters[0]);
    const gone = withSneak(t.db, () => t.db.delete(clubMessages).where(eq(clubMessages.id, m2)));
    expect((await act(w, w.admin, "remove", r2.id, gone)).result).toMatchObject({ ok: false, error: "contentGone" });
    expect((await reportRows(m2))[0].status).toBe("open");
    expect(await auditRows(r2.id)).toEqual([]);

    // The author left in between: remove member changes nothing.
    const m3 = await post(w, w.noah, "left in between");
    const r3 = await report(w, { type: "club_message", id: m3, userId: w.noah.id }, w.reporters[1]);
    const left = withSneak(t.db, () =>
      t.db.delete(clubMembers).where(and(eq(clubMembers.clubId, w.club.id), eq(clubMembers.userId, w.noah.id))),
    );
    expect((await act(w, w.admin, "removeMember", r3.id, left)).result).toMatchObject({ ok: false, error: "noSuchMember" });
    expect(await message(m3)).toHaveLength(1);
    expect((await reportRows(m3))[0].status).toBe("open");
    expect(await auditRows(r3.id)).toEqual([]);
  });

  test("clubActionsOn: what clubs did about a target, for the site admins' queue", async () => {
    const w = await world();
    const m = await post(w, w.mia, "for the queue");
    const r = await report(w, { type: "club_message", id: m, userId: w.mia.id }, w.reporters[0]);
    const untouched = await post(w, w.noah, "nobody acted");
    await report(w, { type: "club_message", id: untouched, userId: w.noah.id }, w.reporters[0]);
    await act(w, w.admin, "removeMember", r.id);
    const done = await clubActionsOn(t.db, [
      { type: "club_message", id: m },
      { type: "club_message", id: untouched },
    ]);
    expect(done.map((d) => [d.targetId, d.action, d.actorEmail, d.clubId, d.clubName, d.reportId]).sort()).toEqual(
      [
        [m, "delete_message", w.admin.email, w.club.id, w.club.name, r.id],
        [m, "remove_member", w.admin.email, w.club.id, w.club.name, r.id],
      ].sort(),
    );
    expect(await clubActionsOn(t.db, [])).toEqual([]);
  });
});
