import { describe, expect, test } from "vitest";
import { z } from "zod";
import { ListingFormSchema } from "~/shared/schemas/listing";
import { SignUpSchema } from "~/shared/schemas/auth";
import { getFormConstraint } from "./form-constraint";

describe("getFormConstraint: the schema's rules as HTML attributes", () => {
  test("lengths, number bounds and a regex pattern (anchors dropped), through trim/optional/default", () => {
    const schema = z.object({
      name: z.string().trim().min(1).max(20),
      note: z.string().max(50).optional(),
      zip: z.string().regex(/^\d{5}$/),
      price: z.number().min(0).max(1000),
      tags: z.array(z.string()).default([]),
    });
    expect(getFormConstraint(schema)).toEqual({
      name: { required: true, minLength: 1, maxLength: 20 },
      note: { required: false, maxLength: 50 },
      zip: { required: true, pattern: "\\d{5}" },
      price: { required: true, min: 0, max: 1000 },
      tags: { required: false, multiple: true },
      "tags[]": { required: true },
    });
  });

  test("the real forms: sign-up and the listing form (a refined object)", () => {
    const signUp = getFormConstraint(SignUpSchema);
    expect(signUp.zipCode).toEqual({ required: true, pattern: "\\d{5}" });
    expect(signUp.firstName).toMatchObject({ required: true, maxLength: 100 });
    expect(signUp.password).toMatchObject({ required: true, minLength: 6, maxLength: 100 });
    const listing = getFormConstraint(ListingFormSchema);
    expect(listing.title).toMatchObject({ required: true, maxLength: 120 });
    expect(listing.price).toMatchObject({ required: true, min: 0, max: 1_000_000 });
    expect(listing.city).toMatchObject({ required: false, maxLength: 100 });
  });

  test("a pattern with flags is left to the server", () => {
    expect(getFormConstraint(z.object({ code: z.string().regex(/^abc$/i) })).code).toEqual({ required: true });
  });
});
