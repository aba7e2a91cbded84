// Scam warnings (ADR 095): the demo community's own messages raise none; a generated set of 200
// scam phrasings raises at least 90 % (the figure is printed); look-alike domains, not ours.
import { describe, expect, test } from "vitest";
import { ANNOUNCEMENTS, ANSWERS, CHAT_LINES, DM_LINES, FOLLOW_UPS, QUESTIONS } from "#db/seed/community-data";
import { looksLikeOurDomain, scamSignal } from "./scam-signals";
import { hasLink } from "./earned-limits.server";
import { EARNED_LIMITS } from "./trust-rules";
import { TRUST_TEXT } from "~/shared/copy/trust";

const OUR_HOST = "lockerswap.com";
const fill = (line: string) =>
  line.replace(/\{(\w+)\}/g, (_, key: string) => ({ offer: "$40", item: "goalie gloves", size: "M", price: "$25" })[key] ?? "cleats");

describe("scamSignal", () => {
  test("the demo's own messages raise 0 warnings", () => {
    const lines = [...QUESTIONS, ...ANSWERS, ...FOLLOW_UPS, ...CHAT_LINES, ...DM_LINES, ...ANNOUNCEMENTS].map(fill);
    expect(lines.length).toBeGreaterThan(30);
    expect(lines.filter((line) => scamSignal(line, OUR_HOST) !== null)).toEqual([]);
  });

  test("200 generated scam phrasings: at least 90 % raise a warning", () => {
    const openers = ["Hi!", "Hello, still available?", "Interested.", "hey", "Is this still for sale?"];
    const asks = [
      "I can pay with Zelle right now",
      "send the money by cash app first and I'll come",
      "I only use Venmo, pay the deposit upfront",
      "can you buy a $100 gift card and send me the code",
      "my shipping agent will pick it up, I'll pay extra",
      "please send me the verification code I just texted you",
      "text me at (617) 555-0134",
      "email me at buyer.deals@gmail.com",
      "check the payment on lockerswap-secure.com/pay",
      "confirm the sale at l0ckerswap.net",
      "I will pay in advance before we meet",
      "Google voice code please, to prove you're real",
      "my courier service handles pickup",
      "pay via western union and I'll ship",
      "send an itunes card and it's yours",
      "call 617.555.0199 for details",
      "reach me: seller(at)proton.me",
      "wire transfer only, deposit up front",
      "verify here: www.lockersvvap.com",
      "I need a 6-digit code to verify you",
    ];
    const closers = ["", " Thanks!", " God bless.", " ASAP please.", " Reply fast."];
    const phrasings = Array.from(
      { length: 200 },
      (_, i) => `${openers[i % openers.length]} ${asks[i % asks.length]}.${closers[(i * 7) % closers.length]}`,
    );
    const caught = phrasings.filter((p) => scamSignal(p, OUR_HOST) !== null).length;
    const rate = caught / phrasings.length;
    console.log(`scam warnings: ${caught}/${phrasings.length} generated phrasings (${(rate * 100).toFixed(1)} %)`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  test("look-alikes of our domain are flagged, our own host is not", () => {
    expect(looksLikeOurDomain("lockerswap-support.com", OUR_HOST)).toBe(true);
    expect(looksLikeOurDomain("l0ckerswap.com", OUR_HOST)).toBe(true);
    expect(looksLikeOurDomain("lockerswap.com", OUR_HOST)).toBe(false);
    expect(looksLikeOurDomain("www.lockerswap.com", OUR_HOST)).toBe(false);
    expect(looksLikeOurDomain("example.com", OUR_HOST)).toBe(false);
    expect(scamSignal("see https://lockerswap.com/listing/1", OUR_HOST)).toBeNull();
  });
});

describe("links and the limits' words", () => {
  test("hasLink: URLs and bare domains, not prices or sizes", () => {
    expect(hasLink("see https://x.y/z")).toBe(true);
    expect(hasLink("go to www.deals.example")).toBe(true);
    expect(hasLink("mystore.shop has more")).toBe(true);
    expect(hasLink("$25.50, size 10.5, pickup at 5.30")).toBe(false);
  });
  test("the words state the numbers of EARNED_LIMITS", () => {
    expect(TRUST_TEXT.listingLimit).toContain(`${EARNED_LIMITS.listingsPerDay} items a day`);
    expect(TRUST_TEXT.firstMessageLimit).toContain(`${EARNED_LIMITS.firstMessagesPerDay} new people a day`);
  });
});
