// ADR 016, the input and caching defects: control characters in text, bodies an action cannot
// read, and personal responses that a cache could keep. Plain HTTP against the real stack, no page
// (ADR 085); what the listing page shows for a refused question is in tests/e2e/input-hardening.spec.ts.
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { listings } from "../../db/schema";
import { createUser, e2eDb, signInAs } from "../e2e/fixtures";
import { createTestListing, createTestUser, type TestUser } from "../factories";

/** A listing of the user's, made the way the app makes one. */
async function listingBy(seller: TestUser, title: string) {
  return {
    id: await createTestListing(e2eDb(), seller, {
      title,
      priceCents: 1500,
      sport: "lacrosse",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    }),
  };
}

test.describe("control characters in text", () => {
  test("a listing whose title holds a NUL is answered 400 with the message, and nothing is stored", async ({ context }) => {
    const seller = await createUser();
    await signInAs(context, seller.id);
    const title = `Hockey\u0000stick ${Date.now()}`;
    const response = await context.request.post("/list-item", {
      multipart: { intent: "save", title, price: "25", sport: "hockey", condition: "new", zipCode: "10001", city: "New York", state: "NY" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Remove control characters from this field");
    expect(await e2eDb().select().from(listings).where(eq(listings.userId, seller.id))).toEqual([]);
  });

  test("search words with control characters are searched without them, never a 500", async ({ request }) => {
    for (const path of [
      "/?q=ball%00s",
      "/sport/soccer?q=%1b%00",
      "/api/suggest/listings?q=ba%00ll",
      "/api/suggest/clubs?q=%00",
      "/_root.data?q=%7f",
    ]) {
      expect((await request.get(path)).status(), path).toBeLessThan(500);
    }
  });
});

test.describe("a body the action cannot read is a 400, on every action", () => {
  const BOUNDARY_LESS = { "content-type": "multipart/form-data" };
  const TRUNCATED = { "content-type": "multipart/form-data; boundary=XyZ" };
  const truncatedBody =
    '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsignin\r\n--XyZ\r\nContent-Disposition: form-data; name="ema';

  test("JSON, multipart without a boundary and truncated multipart", async ({ context }) => {
    const user = await createTestUser(e2eDb());
    const listing = await listingBy(user, "Goalie pads");
    await signInAs(context, user.id);
    const actions = [
      "/auth",
      "/auth.data",
      "/verify-email",
      "/favorites",
      "/list-item",
      `/listing/${listing.id}`,
      `/listing/${listing.id}.data`,
      "/account/location",
      "/in-play",
    ];
    for (const path of actions) {
      const json = await context.request.post(path, { data: { intent: "signin" }, maxRedirects: 0 });
      expect(json.status(), `JSON to ${path}`).toBe(400);
      const noBoundary = await context.request.post(path, { headers: BOUNDARY_LESS, data: "intent=x", maxRedirects: 0 });
      expect(noBoundary.status(), `multipart without boundary to ${path}`).toBe(400);
      const truncated = await context.request.post(path, { headers: TRUNCATED, data: truncatedBody, maxRedirects: 0 });
      expect(truncated.status(), `truncated multipart to ${path}`).toBe(400);
    }
    // The listing is untouched and a real form still works.
    const ok = await context.request.post("/favorites", { form: { listingId: listing.id, intent: "add" }, maxRedirects: 0 });
    expect(ok.status()).toBeLessThan(400);
  });

  test("a POST with no body at all is handed on as an empty form (sign-out still works)", async ({ context }) => {
    const user = await createUser();
    await signInAs(context, user.id);
    const response = await context.request.post("/logout", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const empty = await context.request.post("/auth", { maxRedirects: 0 });
    expect(empty.status()).toBe(400);
  });
});

test.describe("personal responses are never cached (Cache-Control)", () => {
  test("signed-in pages and .data responses are private, no-store", async ({ context }) => {
    const user = await createTestUser(e2eDb());
    const listing = await listingBy(user, "Soccer cleats");
    await signInAs(context, user.id);
    for (const path of [
      "/",
      "/in-play",
      "/on-deck",
      `/listing/${listing.id}`,
      "/_root.data",
      `/listing/${listing.id}.data`,
      "/sport/soccer.data",
    ]) {
      const response = await context.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(400);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });

  test("a response that sets a cookie is private, no-store; a signed-out page is not", async ({ request }) => {
    const signedOut = await request.get("/");
    expect(signedOut.headers()["cache-control"] ?? "").not.toContain("private");
    const setsCookie = await request.post("/testing-mode", { form: { intent: "on" }, maxRedirects: 0 });
    expect(setsCookie.headers()["set-cookie"]).toBeTruthy();
    expect(setsCookie.headers()["cache-control"]).toBe("private, no-store");
  });
});
