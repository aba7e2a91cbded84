// A listing's owner alone edits it or changes its status (the listing table of ADR 056): the direct posts of another user
// and of a site admin, plain HTTP, no page (ADR 085). The admin's delete from the listing page is in
// tests/e2e/listing-lifecycle.spec.ts.
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { listings } from "../../db/schema";
import { e2eDb, requestAs } from "../e2e/fixtures";
import { createTestListing, createTestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";

test("another user and a site admin cannot edit or change status by posting directly; a stranger cannot delete", async () => {
  const seller = await createTestUser(e2eDb());
  const stranger = await createTestUser(e2eDb());
  const admin = await createTestUser(e2eDb(), { admin: true });
  const listing = {
    id: await createTestListing(e2eDb(), seller, {
      title: "Hockey stick",
      priceCents: 2500,
      sport: "hockey",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    }),
  };
  const headers = { Origin: E2E_BASE_URL };

  for (const user of [stranger, admin]) {
    const http = await requestAs(user.id);
    const status = await http.post(`/listing/${listing.id}`, {
      form: { intent: "status", status: "sold" },
      headers,
      maxRedirects: 0,
    });
    expect(status.status()).toBe(404);
    const edit = await http.post(`/listing/${listing.id}/edit`, {
      multipart: {
        intent: "save",
        title: "Hacked",
        price: "1",
        sport: "hockey",
        condition: "new",
        zipCode: "10001",
        city: "X",
        state: "NY",
      },
      headers,
      maxRedirects: 0,
    });
    expect(edit.status()).toBe(404);
    if (user === stranger) {
      const del = await http.post(`/listing/${listing.id}`, { form: { intent: "delete" }, headers, maxRedirects: 0 });
      expect(del.status()).toBe(404);
    }
    await http.dispose();
  }
  const [unchanged] = await e2eDb().select().from(listings).where(eq(listings.id, listing.id));
  expect(unchanged).toMatchObject({ title: "Hockey stick", status: "active", priceCents: 2500 });
});
