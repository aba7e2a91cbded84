// Appeals and the transparency page refused over plain HTTP (ADR 099, 104; ADR 085: no page): an
// appeal of someone else's decision is a 404, a second appeal stores nothing, the admin who decided
// cannot judge it, and two admins deciding at once give one outcome. The journeys are in the e2e specs.
import { expect, test } from "@playwright/test";
import { and, count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { adminAuditLog, appeals, mailQueue, warnings } from "../../db/schema";
import { e2eDb, requestAs } from "../e2e/fixtures";
import { createTestUser, type TestUser } from "../factories";

const db = () => e2eDb();
const n = async (table: SQLiteTable, where?: SQL) => (await db().select({ n: count() }).from(table).where(where))[0].n;
const QUEUE = "/admin/reports";

/** A warning `admin` gave `person` (what moderate's 'warn' writes), for them to appeal. */
async function warned(person: TestUser, admin: TestUser) {
  const [row] = await db()
    .insert(warnings)
    .values({ userId: person.id, reason: "harassment", createdBy: admin.id })
    .returning({ id: warnings.id });
  return row.id;
}
const appealForm = (decision: string, text = "I was quoting the coach's own words back to him.") => ({
  intent: "appeal",
  subject: "warning",
  decision,
  text,
});

test("someone else's decision is a 404 and stores nothing; ten appeals of one's own at once store one; too long is a 400", async () => {
  const admin = await createTestUser(db(), { admin: true });
  const person = await createTestUser(db());
  const stranger = await createTestUser(db());
  const decision = await warned(person, admin);

  for (const who of [stranger, admin]) {
    const http = await requestAs(who.id);
    const response = await http.post("/appeal", { form: appealForm(decision), maxRedirects: 0 });
    expect(response.status(), "an appeal of a decision that is not theirs").toBe(404);
    await http.dispose();
  }
  const anonymous = await requestAs(null);
  const out = await anonymous.post("/appeal", { form: appealForm(decision), maxRedirects: 0 });
  expect(out.status()).toBe(302);
  expect(out.headers()["location"]).toMatch(/^\/auth\?redirectTo=/);
  await anonymous.dispose();
  expect(await n(appeals, eq(appeals.decisionId, decision))).toBe(0);

  const http = await requestAs(person.id);
  const long = await http.post("/appeal", { form: appealForm(decision, "x".repeat(2001)), maxRedirects: 0 });
  expect(long.status()).toBe(400);
  expect(await long.text()).toContain("At most 1,000 characters");
  expect(await n(appeals, eq(appeals.decisionId, decision))).toBe(0);

  const statuses = await Promise.all(
    Array.from({ length: 10 }, () => http.post("/appeal", { form: appealForm(decision), maxRedirects: 0 }).then((r) => r.status())),
  );
  expect(statuses.every((s) => s < 500)).toBe(true);
  expect(statuses.filter((s) => s === 303)).toHaveLength(1);
  expect(statuses.filter((s) => s === 400)).toHaveLength(9);
  expect(await n(appeals, eq(appeals.decisionId, decision))).toBe(1);
  await http.dispose();
});

test("the admin who decided cannot judge the appeal; two other admins at once: one outcome, one audit row, one mail", async () => {
  const deciding = await createTestUser(db(), { admin: true });
  const judges = [await createTestUser(db(), { admin: true }), await createTestUser(db(), { admin: true })];
  const person = await createTestUser(db());
  const decision = await warned(person, deciding);
  const [appeal] = await db()
    .insert(appeals)
    .values({ userId: person.id, subject: "warning", decisionId: decision, decidedBy: deciding.id, text: "Not what I said" })
    .returning({ id: appeals.id });
  const decide = { intent: "decideAppeal", appealId: appeal.id, outcome: "reverse" };
  const outcome = () => db().select({ status: appeals.status, judgeId: appeals.judgeId }).from(appeals).where(eq(appeals.id, appeal.id));

  const own = await requestAs(deciding.id);
  const refused = await own.post(QUEUE, { form: decide, maxRedirects: 0 });
  expect(refused.status()).toBeLessThan(500);
  expect(await outcome()).toEqual([{ status: "open", judgeId: null }]);
  await own.dispose();

  // A member, and an appeal id that never was: refused, nothing changes.
  const member = await requestAs(person.id);
  expect((await member.post(QUEUE, { form: decide, maxRedirects: 0 })).status()).toBe(302);
  await member.dispose();
  const contexts = await Promise.all(judges.map((j) => requestAs(j.id)));
  const ghost = await contexts[0].post(QUEUE, { form: { ...decide, appealId: crypto.randomUUID() }, maxRedirects: 0 });
  expect(ghost.status()).toBe(404);
  expect(await outcome()).toEqual([{ status: "open", judgeId: null }]);

  const statuses = await Promise.all(
    contexts.flatMap((http) =>
      Array.from({ length: 4 }, () => http.post(QUEUE, { form: decide, maxRedirects: 0 }).then((r) => r.status())),
    ),
  );
  expect(statuses.every((s) => s < 500)).toBe(true);
  const [decided] = await outcome();
  expect(decided.status).toBe("upheld");
  expect(judges.map((j) => j.id)).toContain(decided.judgeId);
  expect(await n(adminAuditLog, and(eq(adminAuditLog.action, "appeal_upheld"), eq(adminAuditLog.targetId, person.id)))).toBe(1);
  expect(await n(mailQueue, eq(mailQueue.userId, person.id))).toBe(1);
  for (const http of contexts) await http.dispose();
});

test("/transparency is read-only and names no one: a POST changes nothing and is no 5xx", async () => {
  const http = await requestAs(null);
  const page = await http.get("/transparency");
  expect(page.status()).toBe(200);
  const before = await n(adminAuditLog);
  const posted = await http.post("/transparency", { form: { intent: "anything" }, maxRedirects: 0 });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect(await n(adminAuditLog)).toBe(before);
  expect(await page.text()).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
  await http.dispose();
});
