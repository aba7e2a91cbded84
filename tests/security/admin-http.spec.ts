// The Admin Dashboard's actions refused to everyone but a site admin (ADR 044; spec 02 §6 site admin):
// plain HTTP, no page (ADR 085). The dashboard itself is in tests/e2e/admin.spec.ts.
import { expect, test } from "@playwright/test";
import { count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { clubMembers, clubs, users } from "../../db/schema";
import { e2eDb, requestAs } from "../e2e/fixtures";
import { addTestMember, createTestClub, createTestUser } from "../factories";

const db = () => e2eDb();
const n = async (table: SQLiteTable, where?: SQL) => (await db().select({ n: count() }).from(table).where(where))[0].n;

test("every admin action sent by anonymous, a member and a club owner is refused and changes nothing", async () => {
  const owner = await createTestUser(db());
  const club = await createTestClub(db(), owner);
  const target = await createTestUser(db());
  const member = await createTestUser(db());
  await addTestMember(db(), club, member);
  const cells: { who: string; intent: string; status: number }[] = [];
  for (const who of ["anonymous", "member", "club owner"] as const) {
    const http = await requestAs(who === "member" ? member.id : who === "club owner" ? owner.id : null);
    for (const form of <Record<string, string>[]>[
      { intent: "deleteUser", userId: target.id },
      { intent: "deleteClub", clubId: club.id },
    ]) {
      const response = await http.post("/admin", { form, maxRedirects: 0 });
      cells.push({ who, intent: form.intent, status: response.status() });
      const location = response.headers()["location"] ?? "";
      expect(location, `${who} ${form.intent}`).toMatch(who === "anonymous" ? /^\/auth\?redirectTo=/ : /^\/$/);
    }
    await http.dispose();
  }
  expect(cells.every((c) => c.status === 302)).toBe(true);
  expect(await n(users, eq(users.id, target.id))).toBe(1);
  expect(await n(clubs, eq(clubs.id, club.id))).toBe(1);
  expect(await n(clubMembers, eq(clubMembers.clubId, club.id))).toBe(2);
});
