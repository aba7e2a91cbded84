// ADR 016: a control character in any text field of any schema is a clear message, never a
// value that reaches the database.
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, stripControlCharacters } from "~/shared/text";
import { parseSearchParams } from "~/shared/search-params";
import { ResendSchema, SignInSchema, SignUpSchema } from "./auth";
import { ClubFormSchema, InviteCodeSchema as ClubInviteCodeSchema, NewInviteCodeSchema } from "./club";
import { JoinCodeSchema } from "./club-join";
import { ListingFormSchema } from "./listing";
import { LocationSchema } from "./location";
import { FavoriteFormSchema } from "./search";

const CONTROLS = { NUL: "\u0000", SOH: "\u0001", ESC: "\u001b", DEL: "\u007f" };

// A valid value for each schema, and the text fields a person (or a forged request) fills in.
const CASES: { name: string; schema: z.ZodType; valid: Record<string, unknown>; fields: string[] }[] = [
  {
    name: "sign-in",
    schema: SignInSchema,
    valid: { intent: "signin", email: "pat@example.com", password: "secret-pass", redirectTo: "/on-deck" },
    fields: ["email", "redirectTo"],
  },
  {
    name: "sign-up",
    schema: SignUpSchema,
    valid: {
      intent: "signup",
      firstName: "Pat",
      lastName: "Lee",
      email: "pat@example.com",
      password: "secret-pass",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
    },
    fields: ["firstName", "lastName", "email", "password", "city"],
  },
  { name: "resend", schema: ResendSchema, valid: { intent: "resend", email: "pat@example.com" }, fields: ["email"] },
  { name: "location", schema: LocationSchema, valid: { zipCode: "02139", redirectTo: "/" }, fields: ["redirectTo"] },
  {
    name: "favorite",
    schema: FavoriteFormSchema,
    valid: { listingId: "abc123", intent: "add", redirectTo: "/", mode: "page" },
    fields: ["listingId", "redirectTo"],
  },
  {
    name: "club form",
    schema: ClubFormSchema,
    valid: {
      name: "River FC",
      type: "club",
      sport: "soccer",
      description: "Sundays.\nAll ages.",
      city: "Cambridge",
      state: "MA",
      visibility: "public",
      joinMode: "code",
      inviteCode: "LETMEIN",
    },
    fields: ["name", "description", "city", "state", "inviteCode"],
  },
  { name: "club invite code (manage)", schema: ClubInviteCodeSchema, valid: { inviteCode: "LETMEIN" }, fields: ["inviteCode"] },
  { name: "club new invite code", schema: NewInviteCodeSchema, valid: { inviteCode: "LETMEIN" }, fields: ["inviteCode"] },
  { name: "club join by code", schema: JoinCodeSchema, valid: { intent: "join-code", code: "LETMEIN" }, fields: ["code"] },
  {
    name: "listing form",
    schema: ListingFormSchema,
    valid: {
      title: "Soccer ball",
      description: "Barely used.\r\nPump included.\tNo holes.",
      price: 10,
      sport: "soccer",
      condition: "new",
      sizeNumeric: "5",
      brandCustom: "Acme",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
      pickupInstructions: "Porch,\nafter 6pm",
      clubIds: ["club-1"],
      photos: [],
    },
    fields: ["title", "description", "sizeNumeric", "brandCustom", "city", "state", "pickupInstructions"],
  },
];

describe("one text-field rule in every schema (ADR 016)", () => {
  for (const { name, schema, valid, fields } of CASES) {
    test(`the ${name} form accepts its valid value`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
    });
    for (const field of fields) {
      for (const [label, char] of Object.entries(CONTROLS)) {
        test(`${name}: ${field} with ${label} is refused with a clear message`, () => {
          const result = schema.safeParse({ ...valid, [field]: `abcd${char}efgh` });
          expect(result.success).toBe(false);
          const messages = result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message);
          // An e-mail with a control character is also not an address; the rule's message comes first.
          expect(messages[0]).toBe(CONTROL_CHARACTERS_MESSAGE);
        });
      }
    }
  }

  test("a control character inside a list field (club ids) is refused too", () => {
    const listing = CASES.find((c) => c.name === "listing form")!;
    expect(ListingFormSchema.safeParse({ ...listing.valid, clubIds: ["club\u0000-1"] }).success).toBe(false);
  });

  test("single-line fields refuse line breaks and tabs; multi-line fields keep them", () => {
    const listing = CASES.find((c) => c.name === "listing form")!;
    expect(ListingFormSchema.safeParse({ ...listing.valid, title: "Soccer\nball" }).success).toBe(false);
    expect(ListingFormSchema.safeParse({ ...listing.valid, title: "Soccer\tball" }).success).toBe(false);
    expect(ListingFormSchema.safeParse({ ...listing.valid, description: "Line one\r\nLine two\tend" }).success).toBe(true);
  });
});

describe("query parameters drop control characters instead of failing", () => {
  test("search words, club and list values lose them", () => {
    const state = parseSearchParams("q=ball%00%1bs&club=red%00sox&types=Cle%01ats");
    expect(state.q).toBe("ball s");
    expect(state.club).toBe("red sox");
    expect(state.types).toEqual(["Cle ats"]);
    expect(stripControlCharacters("a\u007fb")).toBe("a b");
  });
});
