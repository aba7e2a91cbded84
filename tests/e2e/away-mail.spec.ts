import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { sendListingMessage } from "../../app/features/messaging/listing-questions.server";
import { viewersById } from "../../app/features/accounts/viewers-by-id.server";
import { createTestListing } from "../factories";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// ADR 073, e-mail when away: "a message to a person with no open tab produces one e-mail after
// the wait, not one per message". The job runs "11 minutes later" through POST /dev/away-mail?now=,
// narrowed to the test's own person (the stack is shared). The rules are unit-tested in away.server.test.ts.

const ELEVEN_MINUTES = 11 * 60_000;

/** A seller with a listing of their own word and a buyer who writes three times about it. */
async function threeMessagesTo() {
  const db = e2eDb();
  const word = `puck${randomBytes(3).toString("hex")}`;
  const seller = await createUser({ firstName: "Sally" });
  const buyer = await createUser({ firstName: "Ben", lastName: "Asker" });
  const viewers = await viewersById(db, [seller.id, buyer.id]);
  const listingId = await createTestListing(db, viewers.get(seller.id)!, { title: `Hockey bag ${word}` });
  const asker = viewers.get(buyer.id)!;
  const words = [`Is the ${word} bag still there?`, "Could I see it Sunday?", "Does it have wheels?"];
  return {
    seller,
    listingId,
    words,
    send: async () => {
      for (const content of words) expect(await sendListingMessage(db, asker, { listingId, content })).toMatchObject({ ok: true });
    },
  };
}

const mailsTo = (email: string) => e2eDb().select().from(mailOutbox).where(eq(mailOutbox.to, email));

test("three messages to someone with no tab open make one e-mail after the wait, whose link opens the conversation", async ({
  page,
  request,
}) => {
  const { seller, listingId, words, send } = await threeMessagesTo();
  await send();
  const later = `/dev/away-mail?now=${Date.now() + ELEVEN_MINUTES}&user=${seller.id}`;
  expect(await (await request.post(later)).json()).toMatchObject({ mails: 1 });
  await expect.poll(async () => (await mailsTo(seller.email)).length).toBe(1);
  const [mail] = await mailsTo(seller.email);
  expect(mail.subject).toBe("3 unread messages on LockerSwap");
  for (const content of words) expect(mail.text).toContain(`“${content}”`);

  // Once: the same run again sends nothing new.
  expect(await (await request.post(later)).json()).toMatchObject({ mails: 0 });
  expect(await mailsTo(seller.email)).toHaveLength(1);

  const link = new RegExp(`(http\\S+/listing/${listingId})`).exec(mail.text)![1];
  await signInAs(page.context(), seller.id);
  await page.goto(link);
  for (const content of words) await expect(page.getByText(content)).toBeVisible();
});

test("someone with a tab open gets no e-mail", async ({ page, request }) => {
  const { seller, send } = await threeMessagesTo();
  await signInAs(page.context(), seller.id);
  await page.goto("/messages");
  // The page's user room is open once the room says so (it connects after hydration).
  await expect.poll(async () => (await (await request.post(`/dev/away-mail?presence=${seller.id}`)).json()).presence?.connected).toBe(true);
  await send();
  expect(await (await request.post(`/dev/away-mail?now=${Date.now() + ELEVEN_MINUTES}&user=${seller.id}`)).json()).toMatchObject({
    here: 1,
    mails: 0,
  });
  expect(await mailsTo(seller.email)).toEqual([]);
});
