import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { clubs, listingClubs, listingPhotos, listings } from "../../db/schema";
import { makePng } from "../fixtures/make-png";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

const JPEG = { name: "racquet.jpg", mimeType: "image/jpeg", buffer: readFileSync("tests/fixtures/photo.jpg") };
const PNG = { name: "strings.png", mimeType: "image/png", buffer: readFileSync("tests/fixtures/photo.png") };

function form(page: Page) {
  return page.locator("#listing-form");
}

async function photoKeys(listingId: string) {
  const rows = await e2eDb().select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId)).orderBy(listingPhotos.position);
  return rows.map((r) => ({ key: r.r2Key, type: r.contentType, width: r.width, height: r.height }));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("photos survive a validation error, are saved to R2, reordered, and deleted with the listing", async ({ page, context }) => {
      test.setTimeout(90_000);
      const seller = await createUser();
      await signInAs(context, seller.id);
      await page.goto("/list-item");
      await form(page).getByLabel("Add photos").setInputFiles([JPEG, PNG]);
      await form(page).getByLabel("Title").fill("Tennis bundle");
      await form(page).getByLabel("Price ($)").fill("12");
      await form(page).getByLabel("Sport").selectOption("tennis");
      await form(page).getByLabel("Condition").selectOption("gently-used");
      // A ZIP we cannot place and no city: only the server can tell, after the upload.
      await form(page).getByLabel("ZIP Code").fill("00000");
      await page.getByRole("button", { name: "Create Listing" }).click();
      await expect(page.getByText("City is required")).toBeVisible();
      await expect(page.getByText("Missing Information").first()).toBeVisible();
      await expect(form(page).getByTestId("form-photo")).toHaveCount(2);
      await expect(form(page).getByLabel("Add photos (3 left)")).toBeVisible();
      await expect(form(page).getByLabel("Title")).toHaveValue("Tennis bundle");

      // A known ZIP fills city and state on the server.
      await form(page).getByLabel("ZIP Code").fill("10001");
      await page.getByRole("button", { name: "Create Listing" }).click();
      await expect(page.getByText("Listing Created!")).toBeVisible();
      await expect(page.getByText("New York, NY").first()).toBeVisible();
      const listingId = page.url().split("/").pop()!;
      const saved = await photoKeys(listingId);
      expect(saved).toEqual([
        { key: expect.stringMatching(new RegExp(`^${seller.id}/\\d+-\\d\\.jpg$`)), type: "image/jpeg", width: 180, height: 240 },
        { key: expect.stringMatching(new RegExp(`^${seller.id}/\\d+-\\d\\.png$`)), type: "image/png", width: 64, height: 48 },
      ]);

      // Served by the app with the sniffed type, nosniff and immutable caching.
      const photo = await page.request.get(`/photos/${saved[0].key}`);
      expect(photo.status()).toBe(200);
      expect(photo.headers()["content-type"]).toBe("image/jpeg");
      expect(photo.headers()["x-content-type-options"]).toBe("nosniff");
      expect(photo.headers()["cache-control"]).toContain("immutable");
      expect((await photo.body()).equals(JPEG.buffer)).toBe(true);

      // The viewer: Photo n of total, next wraps around.
      await page.getByRole("link", { name: "Open photo 2 of 2" }).click();
      await expect(page.getByTestId("photo-counter")).toHaveText("Photo 2 of 2");
      await page.getByRole("link", { name: "Next photo" }).click();
      await expect(page.getByTestId("photo-counter")).toHaveText("Photo 1 of 2");
      if (javaScriptEnabled) {
        await page.keyboard.press("ArrowLeft");
        await expect(page.getByTestId("photo-counter")).toHaveText("Photo 2 of 2");
        await page.keyboard.press("Escape");
      } else {
        await page.getByRole("link", { name: "Close photo viewer" }).click();
      }
      await expect(page.getByRole("dialog", { name: "Photo viewer" })).toHaveCount(0);

      // Edit: make the PNG the main photo, then remove the JPEG.
      await page.goto(`/listing/${listingId}/edit`);
      await form(page).getByRole("button", { name: "Make photo 2 the main photo" }).click();
      await expect(form(page).getByRole("img", { name: "Photo 1" })).toHaveAttribute("src", `/photos/${saved[1].key}`);
      await form(page).getByRole("button", { name: "Remove photo 2" }).click();
      await expect(form(page).getByTestId("form-photo")).toHaveCount(1);
      await page.getByRole("button", { name: "Update Listing" }).click();
      await expect(page.getByText("Listing Updated!")).toBeVisible();
      expect((await photoKeys(listingId)).map((p) => p.key)).toEqual([saved[1].key]);
      // The removed photo's R2 object is gone.
      expect((await page.request.get(`/photos/${saved[0].key}`)).status()).toBe(404);

      // Removing the listing deletes the remaining object.
      await page.goto(`/listing/${listingId}?confirm=remove`);
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Listing removed")).toBeVisible();
      expect((await page.request.get(`/photos/${saved[1].key}`)).status()).toBe(404);
    });

    test("a renamed executable, an SVG and an 11 MB file are refused with a clear warning, and the listing is saved without them", async ({
      page,
      context,
    }) => {
      const seller = await createUser();
      await signInAs(context, seller.id);
      await page.goto("/list-item");
      const exe = Buffer.alloc(4096);
      exe.write("MZ", 0);
      exe.write("This program cannot be run in DOS mode.", 78);
      // Written to disk: Playwright hands large in-memory buffers over through a blob: URL, which
      // the page's CSP (rightly) refuses to fetch.
      const big = Buffer.alloc(11 * 1024 * 1024);
      JPEG.buffer.copy(big);
      const dir = mkdtempSync(join(tmpdir(), "lockerswap-photos-"));
      const files: [string, Buffer][] = [
        ["setup.jpg", exe],
        ["logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
        ["huge.jpg", big],
        [PNG.name, PNG.buffer],
      ];
      for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
      await form(page)
        .getByLabel("Add photos")
        .setInputFiles(files.map(([name]) => join(dir, name)));
      await form(page).getByLabel("Title").fill("Skates");
      await form(page).getByLabel("Price ($)").fill("20");
      await form(page).getByLabel("Sport").selectOption("hockey");
      await form(page).getByLabel("Condition").selectOption("new");
      await form(page).getByLabel("ZIP Code").fill("10001");
      await form(page).getByLabel("City").fill("New York");
      await form(page).getByLabel("State").selectOption("NY");
      await page.getByRole("button", { name: "Create Listing" }).click();

      // Each refused file is a warning and the listing is saved without it (02 §5, §8).
      await expect(page.getByText("Listing Created!")).toBeVisible();
      const toasts = page.getByRole("region", { name: "Notifications" });
      await expect(toasts.getByText("Image Upload Error").first()).toBeVisible();
      await expect(toasts).toContainText("setup.jpg: Only JPG, PNG or WebP images can be uploaded");
      await expect(toasts).toContainText("logo.svg: Only JPG, PNG or WebP images can be uploaded");
      await expect(toasts).toContainText("huge.jpg: Each photo must be 10MB or smaller");
      const listingId = page.url().split("/").pop()!;
      expect((await photoKeys(listingId)).map((p) => p.type)).toEqual(["image/png"]);
    });
  });
}

test("with JavaScript, a photo over 2000 px is downscaled in the browser before it is uploaded", async ({ page, context }) => {
  const seller = await createUser();
  await signInAs(context, seller.id);
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-photos-"));
  const large = join(dir, "field.png");
  writeFileSync(large, makePng(3000, 2400));
  await page.goto("/list-item");
  // Hydrated: the no-JavaScript "Update options" button is gone.
  await expect(page.getByRole("button", { name: "Update options" })).toHaveCount(0);
  await form(page).getByLabel("Add photos").setInputFiles(large);
  await expect(form(page).getByRole("img", { name: "New photo preview 1" })).toBeVisible();
  await form(page).getByLabel("Title").fill("Turf shoes");
  await form(page).getByLabel("Price ($)").fill("15");
  await form(page).getByLabel("Sport").selectOption("soccer");
  await form(page).getByLabel("Condition").selectOption("new");
  await form(page).getByLabel("ZIP Code").fill("10001");
  // The files go to the JSON upload route first (ADR 024), then the form submits normally.
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/photos");
  await page.getByRole("button", { name: "Create Listing" }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText("Listing Created!")).toBeVisible();
  const listingId = page.url().split("/").pop()!;
  // An opaque PNG comes back as a JPEG with its longest side at 2000 px, as the server sniffed it.
  expect(await photoKeys(listingId)).toEqual([
    { key: expect.stringMatching(new RegExp(`^${seller.id}/\\d+-0\\.jpg$`)), type: "image/jpeg", width: 2000, height: 1600 },
  ]);
});

test("photos of a club-only listing are served only to those who may see the listing", async ({ browser }) => {
  const seller = await createUser();
  const stranger = await createUser();
  const [club] = await e2eDb()
    .insert(clubs)
    .values({ slug: `photos-${Date.now()}`, name: "Photo Club", visibility: "members_only" })
    .returning();
  const [listing] = await e2eDb()
    .insert(listings)
    .values({
      userId: seller.id,
      title: "Club bat",
      priceCents: 100,
      sport: "baseball",
      condition: "new",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();
  await e2eDb().insert(listingClubs).values({ listingId: listing.id, clubId: club.id, isPrimary: true });
  const key = `${seller.id}/${Date.now()}-0.png`;
  await e2eDb().insert(listingPhotos).values({ listingId: listing.id, position: 0, r2Key: key, contentType: "image/png", byteSize: 10 });

  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(`/photos/${key}`)).status()).toBe(404);
  expect((await anonymous.request.get(`/listing/${listing.id}`)).status()).toBe(404);
  const other = await browser.newContext();
  await signInAs(other, stranger.id);
  expect((await other.request.get(`/photos/${key}`)).status()).toBe(404);
  expect((await other.request.get(`/listing/${listing.id}`)).status()).toBe(404);
  await anonymous.close();
  await other.close();
});

test.describe("POST /api/photos, the upload the form uses with JavaScript", () => {
  test("refuses a signed-out visitor with 401 and stores nothing", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const response = await anonymous.post("/api/photos", { multipart: { newPhotos: JPEG } });
    expect(response.status()).toBe(401);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ error: "Please sign in to upload photos" });
    await anonymous.dispose();
  });

  test("refuses a file that is not an image, by its bytes, with the form's message", async ({ page, context }) => {
    const seller = await createUser();
    await signInAs(context, seller.id);
    const response = await page.request.post("/api/photos", {
      multipart: { newPhotos: { name: "cleats.jpg", mimeType: "image/jpeg", buffer: Buffer.from("MZ this is a program, not a photo") } },
    });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.photos).toEqual([]);
    expect(body.error).toBe("cleats.jpg: Only JPG, PNG or WebP images can be uploaded. This file is not a valid image.");
  });

  test("stores images as the uploader's pending photos and returns their keys; the 5-photo limit counts the form's photos", async ({
    page,
    context,
  }) => {
    const seller = await createUser();
    await signInAs(context, seller.id);
    const response = await page.request.post("/api/photos", { multipart: { newPhotos: JPEG } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      photos: [
        {
          key: expect.stringMatching(new RegExp(`^${seller.id}/\\d+-0\\.jpg$`)),
          url: expect.stringMatching(/^\/photos\//),
          width: 180,
          height: 240,
        },
      ],
      errors: [],
      warnings: [],
    });
    // The uploader can see the pending photo; nobody else can.
    expect((await page.request.get(body.photos[0].url)).status()).toBe(200);

    // With 5 photos already on the form, a sixth is refused.
    const onForm = Array.from({ length: 5 }, (_, i) => `${seller.id}/1-${i}.jpg`);
    const full = await page.request.fetch("/api/photos", {
      method: "POST",
      multipart: (() => {
        const data = new FormData();
        for (const key of onForm) data.append("photos", key);
        data.append("newPhotos", new Blob([PNG.buffer], { type: "image/png" }), PNG.name);
        return data;
      })(),
    });
    expect(full.status()).toBe(400);
    expect((await full.json()).errors).toEqual(["strings.png: You can add up to 5 photos."]);
  });

  test("a cross-site POST is refused by the CSRF guard", async ({ page, context }) => {
    const seller = await createUser();
    await signInAs(context, seller.id);
    const response = await page.request.post("/api/photos", {
      multipart: { newPhotos: JPEG },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
  });
});

test("with JavaScript, cards show the thumbnail made at upload with its width and height; the viewer shows the full photo", async ({
  page,
  context,
}) => {
  const seller = await createUser();
  await signInAs(context, seller.id);
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-thumbs-"));
  const wide = join(dir, "helmet.png");
  writeFileSync(wide, makePng(1200, 900));
  await page.goto("/list-item");
  await expect(page.getByRole("button", { name: "Update options" })).toHaveCount(0);
  await form(page).getByLabel("Add photos").setInputFiles(wide);
  await expect(form(page).getByRole("img", { name: "New photo preview 1" })).toBeVisible();
  const title = `Thumbnail helmet ${seller.id.slice(0, 6)}`;
  await form(page).getByLabel("Title").fill(title);
  await form(page).getByLabel("Price ($)").fill("20");
  await form(page).getByLabel("Sport").selectOption("hockey");
  await form(page).getByLabel("Condition").selectOption("like-new");
  await form(page).getByLabel("ZIP Code").fill("10001");
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText("Listing Created!")).toBeVisible();
  const listingId = page.url().split("/").pop()!;
  const [row] = await e2eDb().select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  expect(row).toMatchObject({
    width: 1200,
    height: 900,
    thumbKey: expect.stringMatching(/-thumb\.(webp|jpg)$/),
    thumbWidth: 480,
    thumbHeight: 360,
  });

  // The viewer's photo is the full one, with its size set so nothing shifts while it loads.
  await page.goto(`/listing/${listingId}?photo=1`);
  const full = page.getByRole("dialog", { name: "Photo viewer" }).getByRole("img", { name: `${title} — photo 1 of 1` });
  await expect(full).toHaveAttribute("src", `/photos/${row.r2Key}`);
  await expect(full).toHaveAttribute("width", "1200");
  await expect(full).toHaveAttribute("height", "900");

  // The card is the thumbnail, with its own width and height; it is served like the photo.
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  const card = page.getByTestId("listing-card").filter({ hasText: title });
  const img = card.locator("img").first();
  await expect(img).toHaveAttribute("src", `/photos/${row.thumbKey}`);
  await expect(img).toHaveAttribute("width", "480");
  await expect(img).toHaveAttribute("height", "360");
  await expect(img).toHaveAttribute("loading", "eager"); // the first row is not lazy
  const thumb = await page.request.get(`/photos/${row.thumbKey}`);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()["x-content-type-options"]).toBe("nosniff");
});
