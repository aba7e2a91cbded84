import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { clubs } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// Club logos (ADR 037): the manage page's logo upload — content-checked like listing photos,
// stored in R2, owner/admin only, served with the club's visibility, shown on the club's header and
// cards; replacing it deletes the old object.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const logoKey = async (id: string) => (await db().select({ logoKey: clubs.logoKey }).from(clubs).where(eq(clubs.id, id)))[0].logoKey;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner uploads a logo, it shows on the club page and in the directory; a replacement removes the old one", async ({
      page,
      context,
    }) => {
      test.slow();
      const owner = await createTestUser(db(), { firstName: "Lena" });
      const club = await createTestClub(db(), owner, { name: `Logo Lions ${word()}` });
      await signInAs(context, owner.id);
      await page.goto(`/club/${club.slug}/manage`);
      await page.getByLabel("Upload a logo").setInputFiles("tests/fixtures/photo.png");
      await page.getByRole("button", { name: "Upload Logo" }).click();
      await expect(page.getByText("Logo updated")).toBeVisible();
      const firstKey = await logoKey(club.id);
      expect(firstKey).toMatch(/\.png$/);
      const firstUrl = `/photos/${firstKey}`;
      await expect(page.getByTestId("manage-logo")).toHaveAttribute("src", firstUrl);

      await page.goto(`/club/${club.slug}`);
      await expect(page.locator(`main img[src="${firstUrl}"]`)).toBeVisible();
      const served = await page.request.get(firstUrl);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      await page.goto(`/clubs?q=${encodeURIComponent(club.name)}`);
      await expect(page.getByRole("link", { name: new RegExp(club.name) }).locator("img")).toHaveAttribute("src", firstUrl);

      await page.goto(`/club/${club.slug}/manage`);
      await page.getByLabel("Replace logo").setInputFiles("tests/fixtures/photo.jpg");
      await page.getByRole("button", { name: "Upload Logo" }).click();
      await expect(page.getByText("Logo updated")).toBeVisible();
      const secondKey = await logoKey(club.id);
      expect(secondKey).toMatch(/\.jpg$/);
      expect((await page.request.get(`/photos/${secondKey}`)).status()).toBe(200);
      expect((await page.request.get(firstUrl)).status()).toBe(404);
    });

    test("a file that is not an image is refused with a message and the logo stays", async ({ page, context }) => {
      const owner = await createTestUser(db());
      const club = await createTestClub(db(), owner, { name: `Logo Fakes ${word()}` });
      await signInAs(context, owner.id);
      await page.goto(`/club/${club.slug}/manage`);
      await page.getByLabel("Upload a logo").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      });
      await page.getByRole("button", { name: "Upload Logo" }).click();
      await expect(page.getByText("Logo not updated")).toBeVisible();
      await expect(page.getByText("logo.png: Only JPG, PNG or WebP images can be uploaded")).toBeVisible();
      expect(await logoKey(club.id)).toBeNull();
    });
  });
}

test("a member's forged upload changes nothing; a members-only club's logo is not served to signed-out visitors", async ({
  page,
  context,
  playwright,
}) => {
  const owner = await createTestUser(db());
  const club = await createTestClub(db(), owner, { name: `Logo Guard ${word()}`, visibility: "members_only" });
  const member = await createTestUser(db());
  await addTestMember(db(), club, member);

  await signInAs(context, member.id);
  const forged = await page.request.post(`/club/${club.slug}/manage`, {
    multipart: { intent: "logo", logo: { name: "logo.png", mimeType: "image/png", buffer: readFileSync("tests/fixtures/photo.png") } },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(303);
  expect(await logoKey(club.id)).toBeNull();

  await signInAs(context, owner.id);
  const uploaded = await page.request.post(`/club/${club.slug}/manage`, {
    multipart: { intent: "logo", logo: { name: "logo.png", mimeType: "image/png", buffer: readFileSync("tests/fixtures/photo.png") } },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(uploaded.status()).toBe(303);
  const key = await logoKey(club.id);
  expect(key).not.toBeNull();
  expect((await page.request.get(`/photos/${key}`)).status()).toBe(200);
  const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect((await anonymous.get(`/photos/${key}`)).status()).toBe(404);
  } finally {
    await anonymous.dispose();
  }
});
