// The price hint's one ask schema (ADR 086): a whole question gets an answer; anything else — a
// sport not in the catalogue, control characters, a huge type, a club id that is no id — gets none,
// never an error.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { createTestUser, type TestUser } from "../../tests/factories";
import { NOT_ENOUGH_SALES } from "~/shared/copy/price-guidance";
import { guidanceHintFor } from "./price-guidance.server";

let t: TestDb;
let me: TestUser;
beforeAll(async () => {
  t = await createTestDb();
  me = await createTestUser(t.db);
});
afterAll(() => t.cleanup());

const ask = { sport: "hockey", equipmentType: "Skates", condition: "gently-used", zipCode: "02139", clubIds: [] as string[] };

test("a whole question is answered, even with no sales", async () => {
  expect(await guidanceHintFor(t.db, me, ask)).toBe(NOT_ENOUGH_SALES);
  expect(await guidanceHintFor(t.db, me, { ...ask, zipCode: "not a zip", brand: "" })).toBe(NOT_ENOUGH_SALES);
});

test("hostile or partial input gets no hint and no error", async () => {
  for (const bad of [
    { ...ask, sport: "quidditch" },
    { ...ask, equipmentType: "" },
    { ...ask, equipmentType: "x".repeat(10_000) },
    { ...ask, condition: "mint\u0000" },
    { ...ask, clubIds: ["'; drop table sales; --"] },
    { ...ask, clubIds: Array.from({ length: 50 }, () => crypto.randomUUID()) },
    null,
    "sport=hockey",
  ]) {
    expect(await guidanceHintFor(t.db, me, bad)).toBeNull();
  }
});
