import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { clubMembers, listings } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";

// The club page (spec 02 §2 Club page, §4 Membership, §5 invite code, §8; ADR 029).

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

async function club(opts: Parameters<typeof createTestClub>[2] = {}) {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  return createTestClub(db(), owner, { name: `Harbor Kickers ${word()}`, city: "Cambridge", state: "MA", zip: "02139", ...opts });
}

async function member(c: TestClub, opts: Parameters<typeof addTestMember>[3] = {}, name = `Mia${word()}`) {
  const user = await createTestUser(db(), { firstName: name, lastName: "Member" });
  await addTestMember(db(), c, user, opts);
  return user;
}

async function membership(c: TestClub, user: TestUser) {
  const [row] = await db()
    .select()
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, c.id), eq(clubMembers.userId, user.id)));
  return row ?? null;
}

const header = (page: Page) => page.getByTestId("club-header");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("every button state: anonymous, stranger, pending, member, admin, owner", async ({ page, context }) => {
      const c = await club();
      const pending = await member(c, { status: "pending" });
      const active = await member(c);
      const admin = await member(c, { role: "admin" });
      const stranger = await createTestUser(db());

      // Anonymous: the join button leads to sign-in with 'Sign in required'.
      await page.goto(`/club/${c.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: c.name })).toBeVisible();
      await expect(header(page).getByText("Club", { exact: true })).toBeVisible();
      await expect(header(page).getByText("Soccer")).toBeVisible();
      await expect(header(page).getByText("Cambridge, MA")).toBeVisible();
      await header(page).getByRole("button", { name: "Join Group" }).click();
      await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fclub%2F/);
      await expect(page.getByText("Please sign in to join this club")).toBeVisible();
      await expect(page.getByText("Sign in required")).toBeVisible();

      const cases: [TestUser, string[], string[]][] = [
        [stranger, ["Join Group"], ["Leave Group", "Manage Group", "List an Item", "Pending"]],
        [pending, ["Pending"], ["Join Group", "Leave Group", "Manage Group", "List an Item"]],
        [active, ["List an Item", "Leave Group"], ["Join Group", "Manage Group", "Pending"]],
        [admin, ["Manage Group", "List an Item", "Leave Group"], ["Join Group", "Pending"]],
        [c.owner, ["Manage Group", "List an Item"], ["Leave Group", "Join Group", "Pending"]],
      ];
      for (const [user, shown, hidden] of cases) {
        await context.clearCookies();
        await signInAs(context, user.id);
        await page.goto(`/club/${c.slug}`);
        for (const name of shown) await expect(header(page).getByText(name, { exact: true }).first(), `${name} shown`).toBeVisible();
        for (const name of hidden) await expect(header(page).getByText(name, { exact: true }), `${name} hidden`).toHaveCount(0);
      }
      await expect(header(page).getByRole("link", { name: "Manage Group" })).toHaveAttribute("href", `/club/${c.slug}/manage`);
      await expect(header(page).getByRole("link", { name: "List an Item" })).toHaveAttribute("href", `/club/${c.slug}/list`);
      await context.clearCookies();
      await signInAs(context, pending.id);
      await page.goto(`/club/${c.slug}`);
      await expect(header(page).getByRole("button", { name: "Pending" })).toBeDisabled();
    });

    test("open join → 'Joined group!', then leave with confirmation → 'Left group'", async ({ page, context }) => {
      const c = await club();
      const user = await createTestUser(db());
      await signInAs(context, user.id);
      await page.goto(`/club/${c.slug}`);
      await header(page).getByRole("button", { name: "Join Group" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Joined group!" })).toBeVisible();
      await expect(header(page).getByText("Leave Group").first()).toBeVisible();
      expect((await membership(c, user))?.status).toBe("active");

      // With JavaScript the trigger becomes a dialog button once hydrated; without it, a link to a page.
      await header(page)
        .getByRole(javaScriptEnabled ? "button" : "link", { name: "Leave Group" })
        .click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole("dialog", { name: "Leave Group" });
        await expect(dialog).toContainText(CONFIRM);
        await dialog.getByRole("button", { name: "Leave Group" }).click();
      } else {
        await expect(page).toHaveURL(new RegExp(`/club/${c.slug}/leave$`));
        await expect(page.getByText(CONFIRM)).toBeVisible();
        await page.getByRole("button", { name: "Leave Group" }).click();
      }
      await expect(page.getByRole("status").filter({ hasText: "Left group" })).toBeVisible();
      await expect(header(page).getByRole("button", { name: "Join Group" })).toBeVisible();
      expect(await membership(c, user)).toBeNull();
    });

    test("invite code: empty, wrong, then right", async ({ page, context }) => {
      const c = await club({ joinMode: "code", inviteCode: "ORCA42" });
      const user = await createTestUser(db());
      await signInAs(context, user.id);
      await page.goto(`/club/${c.slug}`);
      let form = page.locator("main");
      if (javaScriptEnabled) {
        await header(page).getByRole("button", { name: "Enter Invite Code" }).click();
        form = page.getByRole("dialog", { name: "Enter Invite Code" });
      } else {
        await header(page).getByRole("link", { name: "Enter Invite Code" }).click();
        await expect(page).toHaveURL(new RegExp(`/club/${c.slug}/join$`));
      }
      // Empty: the browser's own check with JS; the server's message either way.
      if (!javaScriptEnabled) {
        await form.getByRole("button", { name: "Join Group" }).click();
        await expect(page.getByText("Please enter the invite code")).toBeVisible();
      }
      await form.getByLabel("Invite code").fill("WRONG1");
      await form.getByRole("button", { name: "Join Group" }).click();
      await expect(form.getByText("Invalid invite code")).toBeVisible();
      await expect(form.getByText("The invite code you entered is incorrect")).toBeVisible();
      expect(await membership(c, user)).toBeNull();

      await form.getByLabel("Invite code").fill("  ORCA42 ");
      await form.getByRole("button", { name: "Join Group" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Joined group!" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/club/${c.slug}$`));
      expect((await membership(c, user))?.status).toBe("active");
    });

    test("request to join → 'Request sent (pending approval)', then 'Pending'", async ({ page, context }) => {
      const c = await club({ joinMode: "approval" });
      const user = await createTestUser(db());
      await signInAs(context, user.id);
      await page.goto(`/club/${c.slug}`);
      await header(page).getByRole("button", { name: "Request to Join" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Request sent (pending approval)" })).toBeVisible();
      await expect(header(page).getByRole("button", { name: "Pending" })).toBeDisabled();
      expect((await membership(c, user))?.status).toBe("pending");
    });
  });
}

const CONFIRM = "Are you sure you want to leave this group? You'll need to rejoin to access group content.";

async function post(page: Page, path: string, form: Record<string, string>) {
  return page.request.post(path, { form, maxRedirects: 0, headers: { Origin: E2E_BASE_URL } });
}

test("the owner sees no Leave, and a forged leave POST answers 'Cannot leave group' and changes nothing", async ({ page, context }) => {
  const c = await club();
  await signInAs(context, c.owner.id);
  const response = await post(page, `/club/${c.slug}?index`, { intent: "leave" });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe(`/club/${c.slug}`);
  await page.goto(`/club/${c.slug}`);
  await expect(page.getByRole("alert").filter({ hasText: "Cannot leave group" })).toBeVisible();
  await expect(header(page).getByText("Leave Group")).toHaveCount(0);
  expect(await membership(c, c.owner)).toMatchObject({ role: "owner", status: "active" });
  // The no-JS confirmation page is not there for the owner either.
  await page.goto(`/club/${c.slug}/leave`);
  await expect(page.getByRole("alert").filter({ hasText: "Cannot leave group" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/club/${c.slug}$`));
});

test("joining twice, a club refusing requests, leaving a club you are not in: clear messages, nothing changed", async ({
  page,
  context,
}) => {
  const c = await club();
  const closed = await club({ allowJoinRequests: false });
  const user = await member(c);
  await signInAs(context, user.id);

  expect((await post(page, `/club/${c.slug}?index`, { intent: "join" })).status()).toBe(303);
  await page.goto(`/club/${c.slug}`);
  await expect(page.getByRole("alert").filter({ hasText: "You are already a member of this group" })).toBeVisible();

  await page.goto(`/club/${closed.slug}`);
  await expect(header(page).getByRole("button", { name: "Join Group" })).toBeDisabled();
  await post(page, `/club/${closed.slug}?index`, { intent: "join" });
  await page.goto(`/club/${closed.slug}`);
  await expect(page.getByRole("alert").filter({ hasText: "This group is not accepting new members right now" })).toBeVisible();
  expect(await membership(closed, user)).toBeNull();

  await post(page, `/club/${closed.slug}?index`, { intent: "leave" });
  await page.goto(`/club/${closed.slug}`);
  await expect(page.getByRole("alert").filter({ hasText: "You are not a member of this group" })).toBeVisible();
  expect((await membership(c, user))?.status).toBe("active");
});

test("signed out: the first 3 listings only, no links, no price in the HTML or the loader data", async ({ page, context }) => {
  const c = await club();
  const seller = await member(c);
  const titles: string[] = [];
  for (let i = 0; i < 5; i++) {
    const title = `Shin guards ${i} ${word()}`;
    titles.push(title);
    const id = await createTestListing(db(), seller, { title, priceCents: 9_876_540 + i, clubs: [c] });
    // created_at has second precision: keep "newest first" unambiguous.
    await db()
      .update(listings)
      .set({ createdAt: new Date(Date.now() + i * 1000) })
      .where(eq(listings.id, id));
  }
  await page.goto(`/club/${c.slug}`);
  const cards = page.getByTestId("club-listing-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText(titles[4]!);
  await expect(page.locator('a[href^="/listing/"]')).toHaveCount(0);
  await expect(page.getByText("Showing 3 of 5 listings")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In to View All" })).toHaveAttribute("href", /^\/auth/);
  await expect(page.getByRole("link", { name: "Sign in or create an account" })).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("98,765");
  expect(html).not.toContain(titles[0]);
  const loaderData = await (await page.request.get(`/club/${c.slug}.data`)).text();
  expect(loaderData).toContain(titles[4]);
  expect(loaderData).not.toContain("987654");
  expect(loaderData).not.toContain(titles[0]);

  // A signed-in stranger gets all five with prices, and a public club's listings open for them (02 §6).
  const stranger = await createTestUser(db());
  await signInAs(context, stranger.id);
  await page.goto(`/club/${c.slug}`);
  await expect(cards).toHaveCount(5);
  await expect(page.getByText("$98,765.44")).toBeVisible();
  await expect(page.getByRole("link", { name: titles[0] })).toHaveAttribute("href", /^\/listing\//);
  await context.clearCookies();

  // A member gets all five, with prices and links (club-only listings open for members, ADR 026).
  const viewer = await member(c);
  await signInAs(context, viewer.id);
  await page.goto(`/club/${c.slug}`);
  await expect(cards).toHaveCount(5);
  await expect(page.getByText("$98,765.44")).toBeVisible();
  await expect(page.getByRole("link", { name: titles[0] })).toHaveAttribute("href", /^\/listing\//);
});

test("show_prices_in_preview and show_listing_count change what a signed-out visitor sees", async ({ page }) => {
  const c = await club({ showPricesInPreview: true, showListingCount: true });
  const seller = await member(c);
  await createTestListing(db(), seller, { title: `Cleats ${word()}`, priceCents: 1999, clubs: [c] });
  await page.goto(`/club/${c.slug}`);
  await expect(page.getByText("$19.99")).toBeVisible();
  await expect(page.getByRole("link", { name: "In Play (1)" })).toBeVisible();
});

test("an empty club says 'No items yet'; Team Info shows its fields", async ({ page }) => {
  const c = await club({ type: "league" });
  await page.goto(`/club/${c.slug}`);
  await expect(page.getByText("No items yet")).toBeVisible();
  await page.getByRole("link", { name: "Team Info" }).click();
  await expect(page).toHaveURL(/\?tab=team-info$/);
  await expect(page.getByText("No description provided yet.")).toBeVisible();
  await expect(page.getByText(`Olive ${c.owner.lastName}`)).toBeVisible();
  await expect(page.getByText("Cambridge, MA 02139")).toBeVisible();
  await expect(page.getByText("League").first()).toBeVisible();
});

test("roster: names and role badges; hidden from strangers of a members_only club (no names in the HTML)", async ({ page, context }) => {
  const c = await club({ visibility: "members_only" });
  const admin = await member(c, { role: "admin" }, `Ada${word()}`);
  const plain = await member(c, {}, `Ben${word()}`);
  const stranger = await createTestUser(db());
  await signInAs(context, stranger.id);
  await page.goto(`/club/${c.slug}?tab=roster`);
  await expect(page.getByText("Member roster is only visible to club members")).toBeVisible();
  await expect(page.getByRole("link", { name: "Roster (3 members)" })).toBeVisible();
  const html = await page.content();
  for (const name of [admin.firstName!, plain.firstName!]) expect(html).not.toContain(name);
  expect(html).not.toContain(plain.email);
  const loaderData = await (await page.request.get(`/club/${c.slug}.data?tab=roster`)).text();
  expect(loaderData).not.toContain(plain.firstName!);

  await context.clearCookies();
  await signInAs(context, plain.id);
  await page.goto(`/club/${c.slug}?tab=roster`);
  const roster = page.getByRole("listitem").filter({ hasText: admin.firstName! });
  await expect(roster).toContainText("Admin");
  await expect(page.getByRole("listitem").filter({ hasText: `Olive ${c.owner.lastName}` })).toContainText("Owner");
  await expect(page.getByRole("listitem").filter({ hasText: plain.firstName! })).toContainText("Member");
  // Fellow members' e-mails never reach the page (only the viewer's own, in the account menu).
  expect(await page.content()).not.toContain(admin.email);
});

test("members see On the Radar and Messages; others get a 404 for those tabs", async ({ page, context }) => {
  const c = await club();
  const user = await member(c);
  await page.goto(`/club/${c.slug}`);
  await expect(page.getByRole("link", { name: "Messages" })).toHaveCount(0);
  expect((await page.request.get(`/club/${c.slug}?tab=messages`)).status()).toBe(404);
  expect((await page.request.get(`/club/${c.slug}?tab=radar`)).status()).toBe(404);
  await signInAs(context, user.id);
  await page.goto(`/club/${c.slug}`);
  // exact: the Messages tab now holds a "Direct Messages" sub-tab link.
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page).toHaveURL(/\?tab=messages$/);
  await expect(page.getByRole("link", { name: "Messages", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "On the Radar" })).toBeVisible();
});

test("a private club is 'Club not found' for a stranger; so is an unknown slug", async ({ page, context }) => {
  const c = await club({ visibility: "private" });
  const stranger = await createTestUser(db());
  await signInAs(context, stranger.id);
  const response = await page.goto(`/club/${c.slug}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Club not found" })).toBeVisible();
  expect(await page.content()).not.toContain(c.name);
  const unknown = await page.goto(`/club/no-such-club-${word()}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Club not found" })).toBeVisible();
  await page.getByRole("link", { name: "Browse Clubs" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
});

test("/club/{slug}/list shows 'Posting to: {club name}' for an active member", async ({ page, context }) => {
  const c = await club();
  const user = await member(c);
  await signInAs(context, user.id);
  await page.goto(`/club/${c.slug}`);
  await header(page).getByRole("link", { name: "List an Item" }).click();
  await expect(page.getByText(`Posting to: ${c.name}`)).toBeVisible();

  // A signed-in stranger gets the plain form: no club to post to.
  const stranger = await createTestUser(db());
  await context.clearCookies();
  await signInAs(context, stranger.id);
  await page.goto(`/club/${c.slug}/list`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(`Posting to: ${c.name}`)).toHaveCount(0);
});

test("testing mode: a non-member sees List an Item instead of joining", async ({ page }) => {
  const c = await club();
  await page.goto("/");
  await page.getByRole("button", { name: "Enable testing mode" }).click();
  await expect(page.getByText("Test Mode: Auth disabled. Data may reset.")).toBeVisible();
  await page.goto(`/club/${c.slug}`);
  await expect(header(page).getByRole("link", { name: "List an Item" })).toBeVisible();
  await expect(header(page).getByText("Join Group")).toHaveCount(0);
});

test("no sideways scroll at 360 and 1280 px, signed in and out, Team Info on a phone (screenshots with SCREENSHOTS=1)", async ({
  page,
  context,
}) => {
  const c = await club({ description: "Saturday mornings on the river fields. Bring shin guards." });
  const user = await member(c);
  await createTestListing(db(), user, { title: `Size 5 ball ${word()}`, clubs: [c] });
  await signInAs(context, user.id);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/club/${c.slug}`);
    await expect(page.getByTestId("club-listing-card")).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, "no horizontal scroll").toBe(false);
    await saveScreenshot(page, `/tmp/club-page-${width}.png`);
  }
  await context.clearCookies();
  await page.goto(`/club/${c.slug}`);
  await expect(page.getByText("Showing 1 of 1 listings")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await saveScreenshot(page, "/tmp/club-page-signed-out-1280.png");
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto(`/club/${c.slug}?tab=team-info`);
  await expect(page.getByText("Saturday mornings on the river fields.")).toBeVisible();
  await saveScreenshot(page, "/tmp/club-page-team-info-360.png");
});

test("leaving ends access to a members-only club's listings at once", async ({ page, context }) => {
  const c = await club({ visibility: "members_only" });
  const seller = await member(c);
  const listingId = await createTestListing(db(), seller, { title: `Goalie gloves ${word()}`, clubs: [c] });
  const user = await member(c);
  await signInAs(context, user.id);
  expect((await page.request.get(`/listing/${listingId}`)).status()).toBe(200);
  expect((await post(page, `/club/${c.slug}?index`, { intent: "leave" })).status()).toBe(303);
  expect(await membership(c, user)).toBeNull();
  expect((await page.request.get(`/listing/${listingId}`)).status()).toBe(404);
});

test("invite-code guesses are rate-limited per person and club: 'Too many attempts', still not a member", async ({ page, context }) => {
  const c = await club({ joinMode: "code", inviteCode: "ORCA42" });
  const user = await createTestUser(db());
  await signInAs(context, user.id);
  for (let i = 0; i < 5; i++)
    expect((await post(page, `/club/${c.slug}/join`, { intent: "join-code", code: `GUESS${i}` })).status()).toBe(400);
  expect((await post(page, `/club/${c.slug}/join`, { intent: "join-code", code: "ORCA42" })).status()).toBe(429);
  expect(await membership(c, user)).toBeNull();
});
