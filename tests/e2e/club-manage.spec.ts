import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { clubMembers } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// Spec 02 §2 Club management, §6 club owner or admin: only managers reach /club/{slug}/manage.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

async function club() {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  return createTestClub(db(), owner, { name: `Harbor Kickers ${word()}`, joinMode: "approval" });
}

async function member(c: TestClub, status: "active" | "pending" = "active") {
  const user = await createTestUser(db(), { firstName: `Mia${word()}`, lastName: "Member" });
  await addTestMember(db(), c, user, { status });
  return user;
}

async function membership(c: TestClub, user: TestUser) {
  const [row] = await db()
    .select()
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, c.id), eq(clubMembers.userId, user.id)));
  return row ?? null;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner approves a pending request: 'Request approved' and the member is active", async ({ page, context }) => {
      const c = await club();
      const pending = await member(c, "pending");
      await signInAs(context, c.owner.id);
      await page.goto(`/club/${c.slug}/manage`);
      await expect(page.getByRole("heading", { name: `Manage ${c.name}` })).toBeVisible();
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText("Request approved")).toBeVisible();
      expect((await membership(c, pending))?.status).toBe("active");
    });
  });
}

test("a plain member is sent back to the club with 'Access denied'", async ({ page, context }) => {
  const c = await club();
  const user = await member(c);
  await signInAs(context, user.id);
  await page.goto(`/club/${c.slug}/manage`);
  await expect(page).toHaveURL(new RegExp(`/club/${c.slug}$`));
  await expect(page.getByText("Access denied")).toBeVisible();
});

test("a stranger's forged approve and remove change nothing", async ({ page, context }) => {
  const c = await club();
  const pending = await member(c, "pending");
  const active = await member(c);
  const stranger = await createTestUser(db());
  await signInAs(context, stranger.id);
  const before = [await membership(c, pending), await membership(c, active)];
  for (const [intent, row] of [
    ["approve", before[0]],
    ["remove", before[1]],
  ] as const) {
    const response = await page.request.post(`/club/${c.slug}/manage`, {
      form: { intent, memberId: row!.id },
      headers: { Origin: E2E_BASE_URL },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(500);
  }
  expect([await membership(c, pending), await membership(c, active)]).toEqual(before);
});
