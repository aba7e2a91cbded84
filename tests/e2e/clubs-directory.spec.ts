import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { clubMembers, clubs } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// The clubs directory, Team Hub and Create club (spec 02 §2, §5, §9).

const word = () => `zq${randomBytes(4).toString("hex")}`;
const db = () => e2eDb();
const cards = (page: Page) => page.getByTestId("club-card");

/**
 * Clubs "<prefix> 01" … "<prefix> 21", made a second apart so "newest first" has one answer (two
 * made in the same millisecond would tie, and the tie goes to their random ids).
 */
async function createNumberedClubs(owner: Awaited<ReturnType<typeof createTestUser>>, prefix: string) {
  const base = Date.now() - 60_000;
  for (let i = 1; i <= 21; i++) {
    const club = await createTestClub(db(), owner, { name: `${prefix} ${String(i).padStart(2, "0")}` });
    await db()
      .update(clubs)
      .set({ createdAt: new Date(base + i * 1000) })
      .where(eq(clubs.id, club.id));
  }
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`),
  );
  expect(found, `axe violations on ${what}`).toEqual([]);
}

test.describe("clubs directory", () => {
  test("visibility: anonymous sees public only, signed in adds members_only, private only for its members", async ({ page, context }) => {
    const w = word();
    const owner = await createTestUser(db());
    const pub = await createTestClub(db(), owner, { name: `Public ${w}`, type: "league", city: "Cambridge", state: "MA" });
    const mo = await createTestClub(db(), owner, { name: `Members ${w}`, visibility: "members_only" });
    const priv = await createTestClub(db(), owner, { name: `Private ${w}`, visibility: "private" });

    await page.goto(`/clubs?q=${w}`);
    await expect(page.getByRole("heading", { level: 1, name: "Clubs, Organizations, Leagues, and Schools" })).toBeVisible();
    const card = cards(page).filter({ hasText: pub.name });
    await expect(card).toBeVisible();
    await expect(card.getByText("League", { exact: true })).toBeVisible();
    await expect(card.getByText("Cambridge, MA")).toBeVisible();
    await expect(card.getByText("1 member")).toBeVisible();
    await expect(card.getByText("PZ")).toBeVisible();
    await expect(page.getByText(mo.name)).toHaveCount(0);
    await expect(page.getByText(priv.name)).toHaveCount(0);

    const stranger = await createTestUser(db());
    await signInAs(context, stranger.id);
    await page.goto(`/clubs?q=${w}`);
    await expect(page.getByText(mo.name)).toBeVisible();
    await expect(page.getByText(priv.name)).toHaveCount(0);

    await context.clearCookies();
    const member = await createTestUser(db());
    await addTestMember(db(), priv, member);
    await signInAs(context, member.id);
    await page.goto(`/clubs?q=${w}`);
    await expect(page.getByText(priv.name)).toBeVisible();
    await page.getByRole("link", { name: new RegExp(pub.name) }).click();
    await expect(page).toHaveURL(`/club/${pub.slug}`);
  });

  test("search by name with ?q=, newest first, and Load More shows more than 20", async ({ page }) => {
    const w = word();
    const owner = await createTestUser(db());
    await createNumberedClubs(owner, `Batch ${w}`);
    const other = await createTestClub(db(), owner, { name: `Other ${word()}` });

    await page.goto("/clubs");
    await page.getByLabel("Search clubs by name").fill(`batch ${w}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=batch`));
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).toContainText(`Batch ${w} 21`);
    await expect(page.getByText(other.name)).toHaveCount(0);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(cards(page)).toHaveCount(21);
    // With JavaScript the next page is appended by a fetcher (ADR 028): the URL stays.
    await expect(page).not.toHaveURL(/limit=/);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);

    await page.goto(`/clubs?q=${word()}`);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(/No clubs match/)).toBeVisible();
  });

  test("Create a Club leads to the form; no axe violations on /clubs and /clubs/new", async ({ page, context }) => {
    await page.goto("/clubs");
    await expectNoAxeViolations(page, "/clubs");
    await page.getByRole("link", { name: "Create a Club" }).click();
    await expect(page).toHaveURL("/clubs/new");
    await expect(page.getByText("Sign In Required")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth?redirectTo=%2Fclubs%2Fnew");
    const user = await createTestUser(db());
    await signInAs(context, user.id);
    await page.goto("/clubs/new");
    await expect(page.getByLabel("Name")).toBeVisible();
    await expectNoAxeViolations(page, "/clubs/new");
  });
});

test.describe("clubs directory without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search is a GET form and Load More is a plain link that renders all so far", async ({ page }) => {
    const w = word();
    const owner = await createTestUser(db());
    await createNumberedClubs(owner, `Plain ${w}`);

    await page.goto("/clubs");
    await page.getByLabel("Search clubs by name").fill(`PLAIN ${w}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=PLAIN`));
    await expect(cards(page)).toHaveCount(20);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page).toHaveURL(/limit=40/);
    await expect(cards(page)).toHaveCount(21);
    await expect(cards(page).last()).toContainText(`Plain ${w} 01`);
  });
});

test.describe("team hub", () => {
  test("signed out goes to sign-in; empty state; a card per membership, pending marked", async ({ page, context }) => {
    await page.goto("/team-hub");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fteam-hub");

    const user = await createTestUser(db());
    await signInAs(context, user.id);
    await page.goto("/team-hub");
    await expect(page.getByRole("heading", { level: 1, name: "Team Hub" })).toBeVisible();
    await expect(page.getByText("Your clubs, organizations, and leagues")).toBeVisible();
    await expect(page.getByText("You haven't joined any clubs yet")).toBeVisible();

    const owner = await createTestUser(db());
    const joined = await createTestClub(db(), owner, { name: `Joined ${word()}` });
    const waiting = await createTestClub(db(), owner, { name: `Waiting ${word()}`, joinMode: "approval" });
    await addTestMember(db(), joined, user);
    await addTestMember(db(), waiting, user, { status: "pending" });
    await page.reload();
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).filter({ hasText: joined.name }).getByText("Pending")).toHaveCount(0);
    await expect(cards(page).filter({ hasText: waiting.name }).getByText("Pending")).toBeVisible();
    await page.getByRole("link", { name: "Find Clubs" }).click();
    await expect(page).toHaveURL("/clubs");
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`create a club with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("creates the club with the creator as owner; schema errors inline; taken slug refused with the form kept", async ({
      page,
      context,
    }) => {
      // Three form round trips and a club page on a 2-core machine shared with other runs: more time, same assertions.
      test.slow();
      const user = await createTestUser(db());
      await signInAs(context, user.id);
      const w = word();

      // A schema message inline (invite code required for 'Requires Code').
      await page.goto("/clubs/new");
      await page.getByLabel("Name").fill(`Harbor ${w}`);
      await page.getByLabel("Join mode").selectOption("code");
      await page.getByRole("button", { name: "Create Club" }).click();
      await expect(page.getByText("Invite code is required when join mode is set to 'Requires Code'")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(`Harbor ${w}`);

      // A taken slug: with JS, checked on blur and submit disabled.
      if (javaScriptEnabled) {
        const taken = await createTestClub(db(), user, { name: `Taken ${w}` });
        await page.goto("/clubs/new");
        await page.getByLabel("Slug").fill(taken.slug);
        await page.getByLabel("Slug").press("Tab");
        await expect(page.getByText("This slug is already taken")).toBeVisible();
        await expect(page.getByRole("button", { name: "Create Club" })).toBeDisabled();
      }

      // A slug taken in a race (free when typed, taken before submit): the server refuses, the form is kept.
      await page.goto("/clubs/new");
      await page.getByLabel("Name").fill(`Another ${w}`);
      await page.getByLabel("Slug").fill(`race-${w}`);
      // Leaving Name checks the slug made from it ('another-…') too: wait for the check of this slug.
      const checked = javaScriptEnabled
        ? page.waitForResponse(
            (r) => r.url().includes("/api/clubs/slug-available") && new URL(r.url()).searchParams.get("slug") === `race-${w}`,
          )
        : null;
      await page.getByLabel("Slug").press("Tab");
      if (checked) expect(await (await checked).json()).toEqual({ available: true });
      await createTestClub(db(), user, { name: `Racer ${w}`, slug: `race-${w}` });
      await page.getByRole("button", { name: "Create Club" }).click();
      await expect(page.getByText("Slug already exists")).toBeVisible();
      await expect(page.getByText("Please choose a different slug")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(`Another ${w}`);

      // Success: the slug comes from the name (in the browser with JS, on the server without).
      await page.goto("/clubs/new");
      await page.getByLabel("Name").fill(`Riverside ${w} FC`);
      if (javaScriptEnabled) await expect(page.getByLabel("Slug")).toHaveValue(`riverside-${w}-fc`);
      await page.getByLabel("Type").selectOption("school");
      await page.getByLabel("Sport").selectOption("soccer");
      await page.getByLabel("City").fill("Somerville");
      await page.getByLabel("State").fill("MA");
      await page.getByRole("button", { name: "Create Club" }).click();
      await expect(page).toHaveURL(`/club/riverside-${w}-fc`);
      await expect(page.getByText("Club created!")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: `Riverside ${w} FC` })).toBeVisible();
      const [row] = await db()
        .select({ role: clubMembers.role, status: clubMembers.status })
        .from(clubMembers)
        .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
        .where(and(eq(clubs.slug, `riverside-${w}-fc`), eq(clubMembers.userId, user.id)));
      expect(row).toEqual({ role: "owner", status: "active" });
    });
  });
}

test("with JavaScript the invite code field shows only for 'Requires Code'; without it, always with a hint", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const user = await createTestUser(db());
    await signInAs(context, user.id);
    const page = await context.newPage();
    await page.goto("/clubs/new");
    if (javaScriptEnabled) {
      await expect(page.getByLabel("Invite code")).toHaveCount(0);
      await page.getByLabel("Join mode").selectOption("code");
      await expect(page.getByLabel("Invite code")).toBeVisible();
    } else {
      await expect(page.getByLabel("Invite code")).toBeVisible();
      await expect(page.getByText(/Only used when join mode is Invite code/)).toBeVisible();
    }
    await context.close();
  }
});

test("slug checks that answer out of order: only the answer for the slug in the field counts", async ({ page, context }) => {
  const user = await createTestUser(db());
  await signInAs(context, user.id);
  const w = word();
  await createTestClub(db(), user, { name: `Taken ${w}`, slug: `taken-${w}` });
  const slugOf = (url: string) => new URL(url).searchParams.get("slug");
  // The check of the slug made from the name is held until the user's own slug has its answer.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/clubs/slug-available?*", async (route) => {
    if (slugOf(route.request().url()) === `taken-${w}`) await held;
    await route.continue();
  });
  await page.goto("/clubs/new");
  await expect(page.getByLabel("Invite code")).toHaveCount(0); // hydrated: the field shows only for 'Requires Code'
  await page.getByLabel("Name").fill(`Taken ${w}`);
  await expect(page.getByLabel("Slug")).toHaveValue(`taken-${w}`);
  const staleCheck = page.waitForRequest((r) => r.url().includes("/api/clubs/slug-available") && slugOf(r.url()) === `taken-${w}`);
  await page.getByLabel("Slug").fill(`free-${w}`); // leaving Name checks 'taken-…'
  await staleCheck;
  await page.getByLabel("Slug").press("Tab");
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-busy", "true");
  release();
  // Both answers are in once the field is no longer busy: the late 'taken' was for a slug no longer there.
  await expect(page.getByLabel("Slug")).not.toHaveAttribute("aria-busy");
  await expect(page.getByText("This slug is already taken")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create Club" })).toBeEnabled();
});
