import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { saveSearch } from "../../app/features/matching/saved-searches.server";
import { signUnsubscribeToken } from "../../app/features/notifications/unsubscribe-token.server";
import { createTestListing, createTestUser } from "../factories";
import { E2E_VARS } from "../setup/e2e-env";
import { e2eDb, expect, test } from "./fixtures";
import { axeOn } from "./axe";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

// ADR 071: the match e-mail and its one-click unsubscribe (RFC 8058), signed out, with and
// without JavaScript; §5: the matcher and the digest are jobs the tests call (POST /dev/…).

async function mailedParent(request: import("@playwright/test").APIRequestContext) {
  const db = e2eDb();
  const parent = await createTestUser(db, { zipCode: "02139" });
  const seller = await createTestUser(db, { zipCode: "02116" });
  // A word of its own: tests run in parallel on one stack, and each one's search must find only its listing.
  const word = `shaft${randomBytes(3).toString("hex")}`;
  const saved = await saveSearch(db, parent, { path: "/sport/lacrosse", query: `q=lacrosse+${word}` });
  if (!saved.ok) throw new Error("not saved");
  const listingId = await createTestListing(db, seller, { title: `Lacrosse ${word}, alloy`, sport: "lacrosse", priceCents: 2500 });
  expect((await request.post("/dev/matcher")).ok()).toBe(true);
  expect((await request.post("/dev/digest", { form: { mode: "email_digest" } })).ok()).toBe(true);
  // Tests share the stack: another test's digest run may have taken this person's mail from the queue
  // and be sending it while this one returned. It is sent once either way; wait for it.
  const mailOf = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, parent.email)))[0];
  await expect.poll(async () => Boolean(await mailOf())).toBe(true);
  return { parent, saved, listingId, word, mail: await mailOf() };
}

test("the digest names the search and the listing with absolute links, and carries one-click unsubscribe headers", async ({ request }) => {
  const { mail, listingId, word } = await mailedParent(request);
  expect(mail.subject).toBe("1 new match for your saved searches");
  expect(mail.text).toContain(`Lacrosse ${word} · Lacrosse\n  - Lacrosse ${word}, alloy · $25`);
  expect(mail.text).toContain(`/listing/${listingId}`);
  const headers = JSON.parse(mail.headers!) as Record<string, string>;
  expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/[^>]+\/unsubscribe\?token=[\w.-]+>$/);
});

test("a mail client's one-click POST to the List-Unsubscribe URL turns match e-mails off, with no session", async ({
  playwright,
  request,
}) => {
  const { parent, mail } = await mailedParent(request);
  const url = /^<([^>]+)>$/.exec((JSON.parse(mail.headers!) as Record<string, string>)["List-Unsubscribe"])![1];
  const mailClient = await playwright.request.newContext();
  const response = await mailClient.post(url, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);
  const rows = await e2eDb().all<{ mode: string }>(
    sql`select mode from notification_settings where user_id = ${parent.id} and kind = 'matches'`,
  );
  expect(rows).toEqual([{ mode: "in_app" }]);
  await mailClient.dispose();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("'Stop these e-mails' opens a page that changes nothing until its button is pressed, signed out", async ({ page, request }) => {
      const { saved, mail, word } = await mailedParent(request);
      const stop = /Stop these e-mails: (\S+)/.exec(mail.text)![1];
      await page.goto(stop);
      await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
      await expect(page.getByText(`Stop e-mails about new matches for “Lacrosse ${word} · Lacrosse”?`)).toBeVisible();
      const emails = async () =>
        (await e2eDb().all<{ emails: number }>(sql`select emails from saved_searches where id = ${saved.id}`))[0].emails;
      // axe runs in the page: with JavaScript on only.
      if (javaScriptEnabled) expect((await axeOn(page).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
      // Opening the link (a mail scanner does) unsubscribes nobody.
      expect(await emails()).toBe(1);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(
        `You will no longer get e-mails about new matches for “Lacrosse ${word} · Lacrosse”.`,
      );
      expect(await emails()).toBe(0);
    });
  });
}

test("an unsubscribe link older than a year says it expired and where to turn e-mails off instead", async ({ page }) => {
  const parent = await createTestUser(e2eDb());
  const yearAgo = new Date(Date.now() - 366 * 24 * 3600 * 1000);
  const token = await signUnsubscribeToken(E2E_VARS.SESSION_SECRET, { userId: parent.id, scope: { kind: "matches" } }, yearAgo);
  const response = await page.goto(`/unsubscribe?token=${token}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link has expired.");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});

test("a tampered unsubscribe link says it is not valid and changes nothing", async ({ page, request }) => {
  const response = await page.goto("/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6Im1hdGNoZXMifQ.forged");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
  expect((await request.post("/unsubscribe?token=forged", { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(400);
});
