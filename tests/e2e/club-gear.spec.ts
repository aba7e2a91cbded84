import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { addTestMember, createTestClub, createTestUser, type TestUser } from "../factories";
import { axeFindings } from "./axe";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";

// The club's gear library (ADR 093, the keepers' page ADR 097), one journey with JavaScript and without: an equipment
// manager adds an item with units, a member asks to borrow, the manager checks it out and, at the table, checks it in
// with 'swap up a size'; a second member sees nothing of the first one's loan, and the keepers' page is not theirs.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const SHOTS = ".cache/screenshots";

async function clubWithKeeper() {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const club = await createTestClub(db(), owner, { name: `Gear Rovers ${word()}` });
  const keeper = await createTestUser(db(), { firstName: "Eve", lastName: `Keeper${word()}` });
  const mel = await createTestUser(db(), { firstName: "Mel", lastName: `Member${word()}` });
  const max = await createTestUser(db(), { firstName: "Max", lastName: `Member${word()}` });
  await addTestMember(db(), club, keeper, { role: "equipment_manager" });
  await addTestMember(db(), club, mel);
  await addTestMember(db(), club, max);
  return { club, owner, keeper, mel, max };
}

async function pageAs(
  browser: Browser,
  user: TestUser,
  opts: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } },
) {
  const context = await browser.newContext(opts);
  await signInAs(context, user.id);
  return { context, page: await context.newPage() };
}

const done = (page: Page, text: string | RegExp) => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();

async function addSkates(page: Page, slug: string) {
  await page.goto(`/club/${slug}/manage/library?tab=items`);
  await page.getByLabel("Title").fill("Loaner skates");
  await page.getByLabel("Sport").selectOption("hockey");
  await page.getByLabel("Type").fill("Skates");
  await page.getByLabel("Size").first().fill("5");
  await page.getByLabel("Condition").selectOption("gently-used");
  await page.getByLabel("Tag code").fill("sk");
  await page.getByLabel("Number of identical units").fill("1");
  await page.getByRole("button", { name: "Add an item" }).click();
  await done(page, "Item added");
  const item = page.getByTestId("gear-item").filter({ hasText: "Loaner skates" });
  await item.getByLabel("Size", { exact: true }).fill("6");
  await item.getByLabel("Units", { exact: true }).fill("1");
  await item.getByRole("button", { name: "Add units" }).click();
  await done(page, "Units added");
  await expect(page.getByTestId("gear-item").filter({ hasText: "Size 6: 1/1 in" })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test(`a keeper lends skates and swaps them up a size; another member sees none of it (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.slow();
    const { club, keeper, mel, max } = await clubWithKeeper();
    const viewport = { width: 390, height: 844 };
    const k = await pageAs(browser, keeper, { javaScriptEnabled, viewport });
    const m = await pageAs(browser, mel, { javaScriptEnabled, viewport });

    // The club page links both library pages for a keeper.
    await k.page.goto(`/club/${club.slug}`);
    await k.page.getByRole("link", { name: "Gear Library" }).click();
    await expect(k.page.getByRole("heading", { name: `Gear Library — ${club.name}` })).toBeVisible();
    await addSkates(k.page, club.slug);

    await m.page.goto(`/club/${club.slug}`);
    await m.page.getByRole("link", { name: "Library", exact: true }).click();
    await m.page.getByRole("listitem").filter({ hasText: "Size 5" }).getByRole("button", { name: "Request to borrow" }).click();
    await expect(m.page.getByText("Request sent: you are in the queue")).toBeVisible();

    await k.page.goto(`/club/${club.slug}/manage/library`);
    const row = k.page.getByTestId("queue-row").filter({ hasText: mel.firstName! });
    await row.locator("summary").click();
    await row.getByLabel("Deposit (optional)").fill("$20 cash");
    await row.getByRole("button", { name: "Approve and check out" }).click();
    await done(k.page, "Lent unit SK-1");
    await expect(k.page.getByTestId("open-loan").filter({ hasText: "SK-1" })).toContainText("deposit: $20 cash");

    // The other member: nothing of Mel's loan on their Library, and the keepers' page does not exist for them.
    const other = await pageAs(browser, max, { javaScriptEnabled, viewport });
    await other.page.goto(`/club/${club.slug}/library`);
    await expect(other.page.getByRole("heading", { name: `Library — ${club.name}` })).toBeVisible();
    await expect(other.page.getByText("SK-1")).toHaveCount(0);
    await expect(other.page.getByRole("heading", { name: "Yours" })).toHaveCount(0);
    expect((await other.page.goto(`/club/${club.slug}/manage/library`))!.status()).toBe(404);
    expect((await other.page.goto(`/club/${club.slug}/manage/library.csv`))!.status()).toBe(404);
    await other.context.close();

    // At the table: the tag code first, then the condition, and 'swap up a size' as the same step.
    await k.page.getByRole("link", { name: "Check in" }).click();
    await expect(k.page.getByRole("heading", { name: "Check in a unit" })).toBeVisible();
    await expect(k.page.locator("form#check-in").locator("input:not([type=hidden]), select, textarea").first()).toHaveAttribute(
      "name",
      "unitCode",
    );
    await k.page.getByLabel("Tag code").fill("sk-1");
    await k.page.getByLabel("Condition now").selectOption("well-worn");
    await k.page.getByLabel("Damage notes").fill("Scuffed toe");
    await k.page.getByLabel(/Swap up a size/).check();
    await k.page.getByRole("button", { name: "Check in", exact: true }).click();
    await done(k.page, "SK-1: Checked in, and lent unit SK-2 in the next size");

    await m.page.reload();
    await expect(
      m.page.getByRole("region", { name: "Yours" }).or(m.page.locator("section#mine, section[aria-labelledby=mine]")),
    ).toContainText("size 6 (SK-2)");

    if (javaScriptEnabled) {
      const csv = await k.page.request.get(`/club/${club.slug}/manage/library.csv`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
      const body = await csv.text();
      expect(body).toContain("SK-1,Loaner skates,5,");
      expect(body).toContain("Scuffed toe");
    }
    await k.context.close();
    await m.context.close();
  });
}

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test(`the gear library's pages pass axe and fit the window at ${viewport.width} px, the queue and check-in open`, async ({ browser }) => {
    test.slow();
    const { club, keeper, mel } = await clubWithKeeper();
    const k = await pageAs(browser, keeper, { viewport });
    const m = await pageAs(browser, mel, { viewport });
    const check = async (page: Page, name: string) => {
      expect(await axeFindings(page), `axe on ${name} at ${viewport.width}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `overflow on ${name} at ${viewport.width}`).toBeLessThanOrEqual(0);
      mkdirSync(SHOTS, { recursive: true });
      await saveScreenshot(page, `${SHOTS}/gear-${name}-${viewport.width}.png`);
    };
    await addSkates(k.page, club.slug);
    await check(k.page, "items");
    await m.page.goto(`/club/${club.slug}/library`);
    await m.page.getByRole("listitem").filter({ hasText: "Size 5" }).getByRole("button", { name: "Request to borrow" }).click();
    await expect(m.page.getByText("Request sent: you are in the queue")).toBeVisible();
    await check(m.page, "members-library");
    await k.page.goto(`/club/${club.slug}/manage/library`);
    await k.page.getByTestId("queue-row").locator("summary").click();
    await expect(k.page.getByLabel("Due date")).toBeVisible();
    await check(k.page, "desk-queue-open");
    await k.page.getByRole("button", { name: "Approve and check out" }).click();
    await done(k.page, "Lent unit SK-1");
    await k.page.getByRole("link", { name: "Check in" }).click();
    await expect(k.page.getByRole("heading", { name: "Check in a unit" })).toBeVisible();
    // An unknown code: the refusal in the form, the code kept.
    await k.page.getByLabel("Tag code").fill("SK-9");
    await k.page.getByLabel("Condition now").selectOption("like-new");
    await k.page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(k.page.getByText("No unit with that tag code is in the library")).toBeVisible();
    await expect(k.page.getByLabel("Tag code")).toHaveValue("SK-9");
    await check(k.page, "check-in");
    await k.page.getByRole("link", { name: "Inventory" }).click();
    await expect(k.page.getByTestId("inventory")).toContainText("Hockey · Skates");
    await check(k.page, "inventory");
    await k.context.close();
    await m.context.close();
  });
}
