import { describe, expect, test } from "vitest";
import { ClubFormSchema } from "~/shared/schemas/club";
import { slugify, slugProblem } from "./club-slug";

describe("club slug (spec 02 §5)", () => {
  test("is derived from the name: lowercase, hyphens between words, nothing else", () => {
    expect(slugify("Cambridge Youth Soccer League")).toBe("cambridge-youth-soccer-league");
    expect(slugify("  St. Mary's  U12 -- Girls!  ")).toBe("st-mary-s-u12-girls");
    expect(slugify("Café Olé Tennis")).toBe("cafe-ole-tennis");
    expect(slugify("Mac & Cheese FC")).toBe("mac-and-cheese-fc");
    expect(slugify("!!!")).toBe("");
  });

  test("is cut to 50 characters without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(49)} b`);
    expect(slug).toBe("a".repeat(49));
    expect(slugify("word ".repeat(20)).length).toBeLessThanOrEqual(50);
  });

  test("format rule: 1 to 50 lowercase letters, numbers and hyphens", () => {
    expect(slugProblem("river-fc-2")).toBeNull();
    expect(slugProblem("")).toBe("required");
    expect(slugProblem("a".repeat(51))).toBe("tooLong");
    expect(slugProblem("River")).toBe("format");
    expect(slugProblem("river fc")).toBe("format");
    expect(slugProblem("river_fc")).toBe("format");
  });
});

describe("club form schema speaks the spec's texts", () => {
  const base = { name: "River FC", type: "club", visibility: "public", joinMode: "open" };
  const errors = (value: object) => {
    const result = ClubFormSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  test("an empty slug is derived from the name on the server too", () => {
    expect(ClubFormSchema.parse({ ...base, slug: "" }).slug).toBe("river-fc");
    expect(ClubFormSchema.parse({ ...base, slug: "my-own" }).slug).toBe("my-own");
  });

  test("every validation message of 02 §5, verbatim", () => {
    expect(errors({ ...base, name: "  " })).toContain("Name is required");
    expect(errors({ ...base, name: "n".repeat(101) })).toContain("Name must be less than 100 characters");
    expect(errors({ ...base, slug: "s".repeat(51) })).toContain("Slug must be less than 50 characters");
    expect(errors({ ...base, slug: "Not OK" })).toContain("Slug can only contain lowercase letters, numbers, and hyphens");
    expect(errors({ ...base, name: "!!!" })).toContain("Slug is required");
    expect(errors({ ...base, joinMode: "code" })).toContain("Invite code is required when join mode is set to 'Requires Code'");
    expect(errors({ ...base, joinMode: "code", inviteCode: "abc" })).toContain(
      "Invite code is required when join mode is set to 'Requires Code'",
    );
    expect(errors({ ...base, joinMode: "code", inviteCode: "abcd" })).toEqual([]);
  });

  test("private is not offered by the form, and the invite code is dropped unless the mode is code", () => {
    expect(errors({ ...base, visibility: "private" }).length).toBeGreaterThan(0);
    expect(ClubFormSchema.parse({ ...base, inviteCode: "abcd" }).inviteCode).toBeUndefined();
  });
});
