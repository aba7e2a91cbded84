import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { clubRequests } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// Spec 02 §2 On the Radar, §4 Request (open → fulfilled, author only; live on insert, update,
// delete), §5 Request (title required ≤ 200, description ≤ 1000, null when empty), §6 members only.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

async function clubWithMembers() {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const club = await createTestClub(db(), owner, { name: `Radar Rovers ${word()}` });
  const ann = await createTestUser(db(), { firstName: "Ann", lastName: `Author${word()}` });
  const ben = await createTestUser(db(), { firstName: "Ben", lastName: `Buddy${word()}` });
  await addTestMember(db(), club, ann);
  await addTestMember(db(), club, ben);
  return { club, owner, ann, ben };
}

async function pageAs(browser: import("@playwright/test").Browser, user: TestUser, opts: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(opts);
  await signInAs(context, user.id);
  return { context, page: await context.newPage() };
}

const radar = (page: Page) => page.getByRole("region", { name: "On the Radar" });
const openSection = (page: Page) => page.getByRole("region", { name: /^Open Requests/ });
const fulfilledSection = (page: Page) => page.getByRole("region", { name: /^Fulfilled/ });
const rows = (club: TestClub) => db().select().from(clubRequests).where(eq(clubRequests.clubId, club.id));

test("requests are posted, fulfilled and deleted live in a second member's browser", async ({ browser }) => {
  test.slow();
  const { club, ann, ben } = await clubWithMembers();
  const author = await pageAs(browser, ann);
  const other = await pageAs(browser, ben);
  await other.page.goto(`/club/${club.slug}?tab=radar`);
  await expect(radar(other.page).getByRole("heading", { name: "Item Requests" })).toBeVisible();
  await expect(other.page.getByText("No requests yet")).toBeVisible();
  await expect(other.page.locator("[data-live=open]")).toBeVisible();

  await author.page.goto(`/club/${club.slug}?tab=radar`);
  await author.page.getByRole("button", { name: "New Request" }).click();
  const dialog = author.page.getByRole("dialog", { name: "Post a Request" });
  await expect(dialog).toBeVisible();
  // Title is required.
  await dialog.getByRole("button", { name: "Post Request" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("  Size 5 soccer cleats  ");
  await dialog.getByLabel("Description").fill("For my daughter");
  await dialog.getByRole("button", { name: "Post Request" }).click();
  await expect(author.page.getByText("Request posted")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The other member's open page shows it without a reload, with the author and a Contact link.
  await expect(openSection(other.page)).toHaveAccessibleName("Open Requests (1)");
  const item = other.page.getByTestId("radar-request");
  await expect(item.getByRole("heading", { name: "Size 5 soccer cleats" })).toBeVisible();
  await expect(item.getByText(`Posted by Ann ${ann.lastName}`)).toBeVisible();
  await expect(item.getByText("For my daughter")).toBeVisible();
  await expect(item.getByText("Just now")).toBeVisible();
  await expect(item.getByRole("link", { name: /Contact/ })).toHaveAttribute(
    "href",
    `/club/${club.slug}?tab=messages&sub=dm&with=${ann.id}`,
  );
  // Only the author gets Mark Fulfilled and delete.
  await expect(item.getByRole("button", { name: "Mark Fulfilled" })).toHaveCount(0);
  await expect(item.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  const [stored] = await rows(club);
  expect(stored).toMatchObject({ title: "Size 5 soccer cleats", description: "For my daughter", status: "open", userId: ann.id });

  // Fulfilled: moves to 'Fulfilled (1)', dimmed, in both browsers.
  await author.page.getByRole("button", { name: "Mark Fulfilled" }).click();
  await expect(author.page.getByText("Request marked as fulfilled")).toBeVisible();
  await expect(fulfilledSection(other.page)).toHaveAccessibleName("Fulfilled (1)");
  await expect(openSection(other.page)).toHaveAccessibleName("Open Requests (0)");
  await expect(other.page.getByTestId("radar-request")).toHaveAttribute("data-status", "fulfilled");
  await expect(other.page.getByTestId("radar-request")).toHaveClass(/bg-slate-100/);

  // A second request, then deleted by its author: gone from the other browser too.
  await author.page.getByRole("button", { name: "New Request" }).click();
  await dialog.getByLabel("Title").fill("Goalie gloves");
  await dialog.getByRole("button", { name: "Post Request" }).click();
  await expect(openSection(other.page)).toHaveAccessibleName("Open Requests (1)");
  await author.page.getByRole("button", { name: "Delete Goalie gloves" }).click();
  await expect(author.page.getByText("Request deleted")).toBeVisible();
  await expect(openSection(other.page)).toHaveAccessibleName("Open Requests (0)");
  await expect(other.page.getByRole("heading", { name: "Goalie gloves" })).toHaveCount(0);
  expect((await rows(club)).map((r) => r.title)).toEqual(["Size 5 soccer cleats"]);

  const { violations } = await axeOn(other.page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await author.context.close();
  await other.context.close();
});

test("before the form's validator has loaded, a title refused by the server and then a valid one: the dialog closes once posted", async ({
  browser,
}) => {
  const { club, ann } = await clubWithMembers();
  const author = await pageAs(browser, ann);
  // The validator chunk never arrives (a slow phone): every submit is checked by the server alone.
  await author.page.route(/\/assets\/form-validators-[^/]*\.js$/, (route) => route.abort());
  await author.page.goto(`/club/${club.slug}?tab=radar`);
  await author.page.getByRole("button", { name: "New Request" }).click();
  const dialog = author.page.getByRole("dialog", { name: "Post a Request" });
  const refused = author.page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/requests"));
  await dialog.getByRole("button", { name: "Post Request" }).click();
  expect((await refused).status()).toBe(400);
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("Shin guards, youth M");
  await dialog.getByRole("button", { name: "Post Request" }).click();
  await expect(author.page.getByText("Request posted")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await rows(club)).map((r) => r.title)).toEqual(["Shin guards, youth M"]);
  await author.context.close();
});

test("only the author can fulfil or delete: another member's and the owner's forged POSTs change nothing", async ({ browser }) => {
  const { club, owner, ann, ben } = await clubWithMembers();
  const id = randomUUID();
  await db().insert(clubRequests).values({ id, clubId: club.id, userId: ann.id, title: "Ball pump" });
  const before = await rows(club);
  for (const user of [ben, owner]) {
    const { context, page } = await pageAs(browser, user);
    for (const intent of ["fulfil", "delete"]) {
      const response = await page.request.post(`/club/${club.slug}/requests`, {
        form: { intent, id },
        headers: { Origin: E2E_BASE_URL },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
    }
    // Reusing the author's id for a new request is refused too.
    const hijack = await page.request.post(`/club/${club.slug}/requests`, {
      form: { intent: "post", id, title: "Mine now" },
      headers: { Origin: E2E_BASE_URL },
      maxRedirects: 0,
    });
    expect(hijack.status()).toBe(409);
    await context.close();
  }
  expect(await rows(club)).toEqual(before);
});

test("a non-member gets nothing: no tab, no requests in the page, and their POST stores nothing", async ({ browser }) => {
  const { club, ann } = await clubWithMembers();
  await db().insert(clubRequests).values({ id: randomUUID(), clubId: club.id, userId: ann.id, title: "Secret hockey sticks" });
  const stranger = await createTestUser(db(), { firstName: "Stan" });
  const { context, page } = await pageAs(browser, stranger);
  const response = await page.goto(`/club/${club.slug}?tab=radar`);
  expect(response?.status()).toBe(404);
  expect(await page.content()).not.toContain("Secret hockey sticks");
  await page.goto(`/club/${club.slug}`);
  await expect(page.getByRole("link", { name: "On the Radar" })).toHaveCount(0);
  expect((await page.request.get(`/club/${club.slug}/requests/new`, { maxRedirects: 0 })).status()).toBe(303);
  const post = await page.request.post(`/club/${club.slug}/requests`, {
    form: { intent: "post", id: randomUUID(), title: "Let me in" },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(303);
  expect((await rows(club)).map((r) => r.title)).toEqual(["Secret hockey sticks"]);
  await context.close();
});

test("with JavaScript off: post on the request page (errors keep the text), fulfil and delete", async ({ browser }) => {
  const { club, ann } = await clubWithMembers();
  const { context, page } = await pageAs(browser, ann, { javaScriptEnabled: false });
  await page.goto(`/club/${club.slug}?tab=radar`);
  await page.getByRole("link", { name: "New Request" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/club/${club.slug}/requests/new`);
  await expect(page.getByRole("heading", { name: "Post a Request" })).toBeVisible();
  // A description over 1000 characters is refused with a message; what was typed comes back.
  await page.getByLabel("Title").fill("Lacrosse helmet");
  await page.getByLabel("Description").evaluate((el: HTMLTextAreaElement) => {
    el.removeAttribute("maxlength");
    el.value = "x".repeat(1001);
  });
  await page.getByRole("button", { name: "Post Request" }).click();
  await expect(page.getByText("Description must be less than 1000 characters")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Lacrosse helmet");
  await page.getByLabel("Description").fill("");
  await page.getByRole("button", { name: "Post Request" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/club/${club.slug}?tab=radar`);
  await expect(page.getByText("Request posted")).toBeVisible();
  const [stored] = await rows(club);
  expect(stored).toMatchObject({ title: "Lacrosse helmet", description: null });

  await page.getByRole("button", { name: "Mark Fulfilled" }).click();
  await expect(page.getByText("Request marked as fulfilled")).toBeVisible();
  await expect(page.getByRole("region", { name: "Fulfilled (1)" })).toBeVisible();
  // Delete is offered only on open requests.
  await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await db().insert(clubRequests).values({ id: randomUUID(), clubId: club.id, userId: ann.id, title: "Old cleats" });
  await page.reload();
  await page.getByRole("button", { name: "Delete Old cleats" }).click();
  await expect(page.getByText("Request deleted")).toBeVisible();
  expect((await rows(club)).map((r) => r.title)).toEqual(["Lacrosse helmet"]);
  await context.close();
});
