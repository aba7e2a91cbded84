import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { clubs } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// Club behaviour not covered by club-page / clubs-directory / club-manage specs: the club
// form's validation texts (02 §5) and server-side slug derivation with JavaScript on and off, and
// what a signed-out visitor's HTML and loader data of a club page leave out.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`create a club with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the server's validation texts inline with the values kept (without JavaScript); the slug made from an accented name", async ({
      page,
      context,
    }) => {
      test.slow();
      const user = await createTestUser(db());
      await signInAs(context, user.id);
      const w = word();
      const create = page.getByRole("button", { name: "Create Club" });

      // The server's texts, as a browser without JavaScript gets them. (With JavaScript, the same
      // schema runs in conform; clubs-directory.spec.ts checks one of its texts inline.)
      if (!javaScriptEnabled) {
        // A name of spaces only: 'Name is required' (the browser's own `required` lets spaces through).
        await page.goto("/clubs/new");
        await page.getByLabel("Name").fill("   ");
        await page.getByLabel("Slug").fill(`spaces-${w}`);
        await create.click();
        await expect(page.getByText("Name is required")).toBeVisible();
        await expect(page.getByLabel("Slug")).toHaveValue(`spaces-${w}`);

        // A slug with capitals and spaces, then one too long.
        await page.goto("/clubs/new");
        await page.getByLabel("Name").fill(`Riverside ${w}`);
        await page.getByLabel("Slug").fill("Bad Slug!");
        await create.click();
        await expect(page.getByText("Slug can only contain lowercase letters, numbers, and hyphens")).toBeVisible();
        await expect(page.getByLabel("Name")).toHaveValue(`Riverside ${w}`);
        await page.getByLabel("Slug").fill("a".repeat(51));
        await create.click();
        await expect(page.getByText("Slug must be less than 50 characters")).toBeVisible();
        expect(
          await db()
            .select()
            .from(clubs)
            .where(eq(clubs.name, `Riverside ${w}`)),
        ).toEqual([]);
      }

      // Slug left empty: made from the name — in the browser as one types, on the server without JavaScript.
      await page.goto("/clubs/new");
      await page.getByLabel("Name").fill(`Café Olé ${w} U12 — Girls!`);
      if (javaScriptEnabled) await expect(page.getByLabel("Slug")).toHaveValue(`cafe-ole-${w}-u12-girls`);
      await create.click();
      await expect(page).toHaveURL(`/club/cafe-ole-${w}-u12-girls`);
      await expect(page.getByText("Club created!")).toBeVisible();
    });
  });
}

test("signed out, a club page's HTML and loader data carry no hidden price and no listing id or link", async ({ page }) => {
  const owner = await createTestUser(db());
  const c = await createTestClub(db(), owner, { name: `Preview FC ${word()}` });
  const seller = await createTestUser(db());
  await addTestMember(db(), c, seller);
  const ids: string[] = [];
  for (let i = 0; i < 4; i += 1)
    ids.push(await createTestListing(db(), seller, { title: `Cleats ${i} ${word()}`, priceCents: 765_432, clubs: [c] }));

  await page.goto(`/club/${c.slug}`);
  await expect(page.getByTestId("club-listing-card")).toHaveCount(3);
  const html = await page.content();
  const loaderData = await (await page.request.get(`/club/${c.slug}.data`)).text();
  for (const [what, text] of [
    ["HTML", html],
    ["loader data", loaderData],
  ] as const) {
    expect(text, what).not.toContain("7,654.32");
    expect(text, what).not.toContain("765432");
    expect(text, what).not.toContain("/listing/");
    for (const id of ids) expect(text, `${what} carries listing ${id}`).not.toContain(id);
  }
});

test("signed out, a members-only club is 'Club not found' in the page and the loader data, with no roster", async ({ page }) => {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const c = await createTestClub(db(), owner, { name: `Closed FC ${word()}`, visibility: "members_only" });
  const mia = await createTestUser(db(), { firstName: "Mia", lastName: `Member${word()}` });
  await addTestMember(db(), c, mia);

  const response = await page.goto(`/club/${c.slug}?tab=roster`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Club not found")).toBeVisible();
  const data = await page.request.get(`/club/${c.slug}.data?tab=roster`);
  expect(data.status()).toBe(404);
  const text = (await page.content()) + (await data.text());
  for (const secret of [mia.lastName!, owner.lastName!, mia.email, c.name]) expect(text).not.toContain(secret);
});
