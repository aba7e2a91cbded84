// ADR 016: a listing question with a control character is refused, over the fetcher and as the plain
// form whose message the listing page shows. The refusals that need no page (other fields, unreadable
// bodies, caching) are in tests/security/input-hardening.spec.ts (ADR 085).
import { eq } from "drizzle-orm";
import { listingMessages, listings } from "../../db/schema";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

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

test.describe("control characters in text", () => {
  test("a listing question with a control character is refused with the message, and nothing is stored", async ({ context }) => {
    const seller = await createUser();
    const buyer = await createUser();
    const listing = await listingBy(seller.id, "Lacrosse stick");
    await signInAs(context, buyer.id);
    for (const char of ["\u0000", "\u001b"]) {
      const response = await context.request.post(`/listing/${listing.id}.data`, {
        form: { intent: "message", via: "fetcher", content: `Still${char} available?` },
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Remove control characters from your message.");
    }
    // The plain form (no JavaScript) gets the same message as a toast on the listing page.
    const page = await context.newPage();
    await page.goto(`/listing/${listing.id}`);
    const plain = await context.request.post(`/listing/${listing.id}`, {
      form: { intent: "message", content: "Still\u0000 available?" },
      maxRedirects: 0,
    });
    expect(plain.status()).toBe(302);
    await page.goto(`/listing/${listing.id}`);
    await expect(page.getByText("Remove control characters from your message.")).toBeVisible();
    expect(await e2eDb().select().from(listingMessages).where(eq(listingMessages.listingId, listing.id))).toEqual([]);
  });
});
