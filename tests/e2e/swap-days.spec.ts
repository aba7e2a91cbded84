import { mkdirSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { clubMessages, swapDays } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser, type TestUser } from "../factories";
import { axeFindings } from "./axe";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";

// Club Swap Days (ADR 088): an organiser creates one — with JavaScript and without — the club's members get the
// announcement and see it on the club page; members may not create one; hostile input is refused with the values kept.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const SHOTS = ".cache/screenshots";

async function clubWithMembers() {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const club = await createTestClub(db(), owner, { name: `Swap Rovers ${word()}` });
  const mel = await createTestUser(db(), { firstName: "Mel", lastName: `Member${word()}` });
  await addTestMember(db(), club, mel);
  return { club, owner, mel };
}

async function pageAs(
  browser: Browser,
  user: TestUser,
  opts: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const context = await browser.newContext(opts);
  await signInAs(context, user.id);
  return { context, page: await context.newPage() };
}

/** Wall-clock times in the form's format, `days` from now. */
const at = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 24 * 3600_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
};
const DATES = {
  "Items open": at(1),
  "Want lists open": at(3),
  "Lists close (frozen)": at(5),
  "Results published": at(6),
  "Hand-over": at(7),
  Closes: at(7, 18),
};

async function fillForm(page: Page, name: string, dates: Record<string, string> = DATES) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Place of the hand-over").fill("Clubhouse, Field 2");
  await page.getByLabel("Swap table").check();
  for (const [label, value] of Object.entries(dates)) await page.getByLabel(label, { exact: true }).fill(value);
}

for (const javaScriptEnabled of [true, false]) {
  test(`an owner creates a Swap Day and a member sees it and its announcement (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { club, owner, mel } = await clubWithMembers();
    const organiser = await pageAs(browser, owner, { javaScriptEnabled });
    await organiser.page.goto(`/club/${club.slug}`);
    await organiser.page.getByRole("link", { name: "New Swap Day" }).click();
    await expect(organiser.page.getByRole("heading", { name: "Create a Swap Day" })).toBeVisible();
    const name = `Spring swap ${word()}`;
    await fillForm(organiser.page, name);
    await organiser.page.getByRole("button", { name: "Create Swap Day" }).click();
    await expect(organiser.page.getByRole("heading", { name })).toBeVisible();
    await expect(organiser.page).toHaveURL(new RegExp(`/club/${club.slug}/swap-days/[0-9a-f-]{36}$`));
    await expect(organiser.page.getByText("Coming up")).toBeVisible();

    const [row] = await db().select().from(swapDays).where(eq(swapDays.clubId, club.id));
    expect(row).toMatchObject({ name, place: "Clubhouse, Field 2", mode: "table", createdBy: owner.id });
    const [announcement] = await db().select().from(clubMessages).where(eq(clubMessages.id, row.id));
    expect(announcement).toMatchObject({ messageType: "announcement", userId: owner.id });

    // A second browser: the member sees it on the club page and in the announcements, with no way to create one.
    const member = await pageAs(browser, mel, { javaScriptEnabled });
    await member.page.goto(`/club/${club.slug}`);
    const strip = member.page.getByRole("region", { name: "Swap Days" });
    await expect(strip.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    await expect(member.page.getByRole("link", { name: "New Swap Day" })).toHaveCount(0);
    await member.page.goto(`/club/${club.slug}?tab=messages&sub=announcements`);
    await expect(member.page.getByText(`Swap Day: ${name}`)).toBeVisible();
    await member.page.goto(`/club/${club.slug}/swap-days/${row.id}`);
    await expect(member.page.getByRole("heading", { name })).toBeVisible();
    const create = await member.page.request.get(`/club/${club.slug}/swap-days/new`, { maxRedirects: 0 });
    expect(create.status()).toBe(303);
    await organiser.context.close();
    await member.context.close();
  });
}

test("refused input comes back with its message and what was typed, without JavaScript; nothing is stored", async ({ browser }) => {
  const { club, owner } = await clubWithMembers();
  const { context, page } = await pageAs(browser, owner, { javaScriptEnabled: false });
  await page.goto(`/club/${club.slug}/swap-days/new`);
  const name = `Out of order ${word()}`;
  await fillForm(page, name, { ...DATES, "Want lists open": at(6) });
  await page.getByRole("button", { name: "Create Swap Day" }).click();
  await expect(page.getByText("Must be after “Want lists open”")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Want lists open", { exact: true })).toHaveValue(at(6));
  expect(await db().select().from(swapDays).where(eq(swapDays.clubId, club.id))).toHaveLength(0);
  await context.close();
});

test("hostile posts get a clear 4xx and store nothing: control characters, a forged mode, broken dates, a malformed body", async ({
  browser,
}) => {
  const { club, owner } = await clubWithMembers();
  const { context, page } = await pageAs(browser, owner);
  await page.goto(`/club/${club.slug}`);
  const good = {
    id: randomUUID(),
    name: "Fine",
    place: "Clubhouse",
    mode: "table",
    ...Object.fromEntries(
      ["itemsOpenAt", "wantsOpenAt", "listsCloseAt", "resultsAt", "handoverAt", "closesAt"].map((k, i) => [k, Object.values(DATES)[i]]),
    ),
  };
  const path = `/club/${club.slug}/swap-days/new`;
  const origin = new URL(page.url()).origin;
  for (const form of [
    { ...good, name: "Bad\u0000name" },
    { ...good, place: "x".repeat(201) },
    { ...good, mode: "auction" },
    { ...good, handoverAt: "2027-02-30T10:00" },
    { ...good, id: "not-a-uuid" },
  ]) {
    const response = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form).slice(0, 80)).toBe(400);
  }
  const malformed = await page.request.post(path, {
    data: "%%%&&&=\u0001",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(malformed.status()).toBeLessThan(500);
  expect(malformed.status()).toBeGreaterThanOrEqual(400);
  expect(await db().select().from(swapDays).where(eq(swapDays.clubId, club.id))).toHaveLength(0);
  await context.close();
});

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test(`the Swap Day pages pass axe and fit the window at ${viewport.width} px`, async ({ browser }) => {
    // Three pages, each checked by axe (seconds each on a shared 2-core host), as the club pages' check does.
    test.slow();
    const { club, owner } = await clubWithMembers();
    const { context, page } = await pageAs(browser, owner, { viewport });
    const check = async (name: string) => {
      expect(await axeFindings(page), `axe on ${name} at ${viewport.width}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `overflow on ${name} at ${viewport.width}`).toBeLessThanOrEqual(0);
      mkdirSync(SHOTS, { recursive: true });
      await saveScreenshot(page, `${SHOTS}/swap-day-${name}-${viewport.width}.png`);
    };
    await page.goto(`/club/${club.slug}/swap-days/new`);
    // Only spaces: past the browser's `required`, refused by the schema.
    await fillForm(page, "   ");
    await page.getByRole("button", { name: "Create Swap Day" }).click();
    await expect(page.getByText("Give the Swap Day a name")).toBeVisible();
    await check("create-errors");
    await fillForm(page, `Screens ${viewport.width}`);
    await page.getByRole("button", { name: "Create Swap Day" }).click();
    await expect(page.getByRole("heading", { name: `Screens ${viewport.width}` })).toBeVisible();
    await check("event");
    await page.goto(`/club/${club.slug}`);
    await expect(page.getByRole("region", { name: "Swap Days" })).toBeVisible();
    await check("club-page");
    await context.close();
  });
}
