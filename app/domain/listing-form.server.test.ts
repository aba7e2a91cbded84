import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { ListingFormSchema } from "~/schemas/listing";
import { applyPhotoIntent, formValuesFromListing } from "./listing-form.server";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};
const valid = { title: "Bat", price: "19.99", sport: "baseball", condition: "new", zipCode: "10001" };

describe("the listing form schema (spec 02 §5)", () => {
  test("title, price, sport, condition and ZIP are required", () => {
    const result = parseWithZod(form({}), { schema: ListingFormSchema });
    expect(result.status).toBe("error");
    const errors = result.status === "error" ? result.error : {};
    expect(Object.keys(errors ?? {}).sort()).toEqual(["condition", "price", "sport", "title", "zipCode"]);
  });

  test("price is at least 0 in steps of 0.01; ZIP is exactly 5 digits", () => {
    expect(parseWithZod(form(valid), { schema: ListingFormSchema }).status).toBe("success");
    expect(parseWithZod(form({ ...valid, price: "0" }), { schema: ListingFormSchema }).status).toBe("success");
    expect(parseWithZod(form({ ...valid, price: "-1" }), { schema: ListingFormSchema }).status).toBe("error");
    expect(parseWithZod(form({ ...valid, price: "1.005" }), { schema: ListingFormSchema }).status).toBe("error");
    expect(parseWithZod(form({ ...valid, zipCode: "1234" }), { schema: ListingFormSchema }).status).toBe("error");
    expect(parseWithZod(form({ ...valid, zipCode: "123456" }), { schema: ListingFormSchema }).status).toBe("error");
  });

  test("type and brand come from the sport's catalogue; brand Other needs a custom value", () => {
    const ok = parseWithZod(form({ ...valid, sport: "tennis", sportSubcategory: "pickleball", equipmentType: "Paddles", brand: "Selkirk" }), {
      schema: ListingFormSchema,
    });
    expect(ok.status).toBe("success");
    const wrongSport = parseWithZod(form({ ...valid, equipmentType: "Paddles" }), { schema: ListingFormSchema });
    expect(wrongSport.status === "error" && wrongSport.error?.equipmentType).toEqual(["Choose a type from the list"]);
    const other = parseWithZod(form({ ...valid, brand: "Other" }), { schema: ListingFormSchema });
    expect(other.status === "error" && other.error?.brandCustom).toEqual(["Enter the brand"]);
  });
});

describe("photo buttons", () => {
  const keys = ["a", "b", "c"];
  test("move up, move down, make main and remove", () => {
    expect(applyPhotoIntent(keys, "photo-up:1")).toEqual({ keys: ["b", "a", "c"], removed: null });
    expect(applyPhotoIntent(keys, "photo-down:1")).toEqual({ keys: ["a", "c", "b"], removed: null });
    expect(applyPhotoIntent(keys, "photo-main:2")).toEqual({ keys: ["c", "a", "b"], removed: null });
    expect(applyPhotoIntent(keys, "photo-remove:0")).toEqual({ keys: ["b", "c"], removed: "a" });
    expect(applyPhotoIntent(keys, "photo-up:0")).toEqual({ keys, removed: null });
    expect(applyPhotoIntent(keys, "photo-remove:9")).toEqual({ keys, removed: null });
  });
});

test("a brand outside the catalogue shows as Other with the custom value; price shows in dollars", () => {
  const values = formValuesFromListing(
    {
      title: "Glove",
      description: null,
      priceCents: 1250,
      sport: "baseball",
      sportSubcategory: null,
      equipmentType: null,
      brand: "Grandpa's Own",
      condition: "new",
      size: null,
      sizeNumeric: null,
      gender: null,
      zipCode: "10001",
      city: "New York",
      state: "NY",
      pickupInstructions: null,
    },
    [],
    ["k1"],
  );
  expect(values).toMatchObject({ price: "12.50", brand: "Other", brandCustom: "Grandpa's Own", photos: ["k1"] });
});
