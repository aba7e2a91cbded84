import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "#db/schema";
import type { NotificationMode } from "#db/schema/enums";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { setModeStatement } from "./settings.server";
import { mailOfferReceived } from "./deal-mail.server";
import { proposeDeal } from "../trade/deals.server";

// ADR 073: the deal mails of ADR 068 follow the recipient's 'deals' setting — sent at once only
// for 'e-mail right away' (the default); the daily away mail tells 'e-mail digest' people instead.

let t: TestDb;
const ORIGIN = "https://lockerswap.example";
const deps = () => ({ db: t.db, env: { APP_ENV: "test" as const, APP_ORIGIN: ORIGIN } });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const mailsTo = (user: TestUser) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));

async function offerTo(mode: NotificationMode | null) {
  const seller = await createTestUser(t.db, { firstName: "Sam" });
  const buyer = await createTestUser(t.db, { firstName: "Bea" });
  if (mode) await setModeStatement(t.db, seller.id, "deals", mode);
  const listingId = await createTestListing(t.db, seller, { title: "Hockey skates", priceCents: 5000 });
  const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], cashCents: 4000, cashFrom: "proposer", message: null });
  if (!made.ok) throw new Error(made.error);
  await mailOfferReceived(deps(), made.deal);
  return { seller, deal: made.deal };
}

describe("deal mails follow the 'deals' setting", () => {
  test("the default and 'e-mail right away' mail an offer at once, with a link to the deal", async () => {
    for (const mode of [null, "email_now"] as const) {
      const { seller, deal } = await offerTo(mode);
      const [mail, ...more] = await mailsTo(seller);
      expect(more).toEqual([]);
      expect(mail.text).toContain(`${ORIGIN}/deals/${deal.id}`);
    }
  });

  test("'in the app only' and 'e-mail digest' mail nothing at once", async () => {
    for (const mode of ["in_app", "email_digest"] as const) {
      const { seller } = await offerTo(mode);
      expect(await mailsTo(seller)).toEqual([]);
    }
  });
});
