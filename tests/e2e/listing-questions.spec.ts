import { listings } from "../../db/schema";
import { conversationReady, createUser, e2eDb, expect, signInAs, test } from "./fixtures";

async function listingBy(sellerId: string, title: string) {
  const [listing] = await e2eDb()
    .insert(listings)
    .values({
      userId: sellerId,
      title,
      priceCents: 1500,
      sport: "lacrosse",
      condition: "gently-used",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();
  return listing;
}

test("a buyer and the seller exchange questions live, each in their own browser", async ({ browser }) => {
  test.setTimeout(60_000);
  const seller = await createUser({ firstName: "Sam", lastName: "Seller" });
  const buyer = await createUser({ firstName: "Bea", lastName: "Buyer" });
  const listing = await listingBy(seller.id, "Lacrosse stick");

  const sellerContext = await browser.newContext();
  await signInAs(sellerContext, seller.id);
  const buyerContext = await browser.newContext();
  await signInAs(buyerContext, buyer.id);
  const buyerPage = await buyerContext.newPage();
  const sellerPage = await sellerContext.newPage();

  await buyerPage.goto(`/listing/${listing.id}`);
  await expect(buyerPage.getByRole("heading", { name: "Interested?" })).toBeVisible();
  // The conversation hydrates when its own chunk arrives (ADR 033): then it sends through a fetcher.
  await conversationReady(buyerPage);
  const question = buyerPage.getByLabel("Your question");
  await question.fill("  Is it still available?  ");
  await question.press("Enter");
  // Sent through a fetcher: the box empties and the page does not reload.
  await expect(question).toHaveValue("");
  await expect(buyerPage.getByText("Message sent!")).toBeVisible();
  await expect(buyerPage.getByText("Your message has been sent to the seller.")).toBeVisible();
  const buyerThread = buyerPage.getByRole("list", { name: "Conversation with the seller" });
  await expect(buyerThread.getByRole("listitem")).toHaveText(["You: Is it still available?"]);

  // The seller sees 'This is your listing' and one thread for this buyer.
  await sellerPage.goto(`/listing/${listing.id}`);
  await expect(sellerPage.getByText("This is your listing")).toBeVisible();
  await conversationReady(sellerPage);
  const sellerThread = sellerPage.getByRole("list", { name: "Conversation with Bea Buyer" });
  await expect(sellerThread.getByRole("listitem")).toHaveText(["Them: Is it still available?"]);

  // The seller replies; the buyer's open page receives it live, without reloading.
  await sellerPage.getByLabel("Reply to Bea Buyer").fill("Yes, pick up any evening");
  await sellerPage.getByRole("button", { name: "Reply" }).click();
  await expect(sellerThread.getByRole("listitem")).toHaveText(["Them: Is it still available?", "You: Yes, pick up any evening"]);
  await expect(buyerThread.getByRole("listitem")).toHaveText(["You: Is it still available?", "Them: Yes, pick up any evening"]);

  // And the other way round: Shift+Enter adds a line, Enter sends.
  await question.fill("Great");
  await question.press("Shift+Enter");
  await question.pressSequentially("See you at 7");
  await question.press("Enter");
  await expect(sellerThread.getByRole("listitem")).toHaveCount(3);
  await expect(sellerThread.getByRole("listitem").last()).toHaveText("Them: Great\nSee you at 7");

  await sellerContext.close();
  await buyerContext.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer sends a question and sees it; signed out shows 'Sign in to contact the seller'", async ({ page, context }) => {
    const seller = await createUser();
    const buyer = await createUser();
    const listing = await listingBy(seller.id, "Goalie gloves");
    await page.goto(`/listing/${listing.id}`);
    await expect(page.getByRole("link", { name: "Sign in to contact the seller" })).toBeVisible();

    await signInAs(context, buyer.id);
    await page.goto(`/listing/${listing.id}`);
    await page.getByLabel("Your question").fill("Do they fit size 8?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent!")).toBeVisible();
    await expect(page.getByRole("list", { name: "Conversation with the seller" }).getByRole("listitem")).toHaveText([
      "You: Do they fit size 8?",
    ]);
  });
});

test("an empty question posted directly is refused with the spec's message", async ({ browser }) => {
  const seller = await createUser();
  const buyer = await createUser();
  const listing = await listingBy(seller.id, "Helmet");
  const context = await browser.newContext();
  await signInAs(context, buyer.id);
  const page = await context.newPage();
  await page.goto(`/listing/${listing.id}`);
  const origin = new URL(page.url()).origin;
  const response = await context.request.post(`/listing/${listing.id}`, {
    form: { intent: "message", content: "   " },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await page.reload();
  await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Conversation with the seller" }).getByRole("listitem")).toHaveCount(0);
  await context.close();
});
