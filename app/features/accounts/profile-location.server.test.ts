import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { updateProfileZip } from "./profile-location.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("update your location", () => {
  test("a trimmed 5-digit ZIP is saved to the profile, creating it if needed", async () => {
    const [user] = await t.db.insert(users).values({ email: "zip@example.com" }).returning();
    const viewer = { id: user.id, email: user.email, firstName: null, lastName: null, zipCode: null, isAdmin: false };
    expect(await updateProfileZip(t.db, viewer, " 02139 ")).toEqual({ ok: true, zipCode: "02139" });
    expect(await updateProfileZip(t.db, viewer, "90210")).toEqual({ ok: true, zipCode: "90210" });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile.zipCode).toBe("90210");
  });

  test.each(["", "1234", "123456", "12a45", null])("%s is not a valid ZIP", async (zip) => {
    const viewer = { id: "x", email: "x@example.com", firstName: null, lastName: null, zipCode: null, isAdmin: false };
    expect(await updateProfileZip(t.db, viewer, zip)).toEqual({ ok: false, reason: "invalid" });
  });
});

test("a ZIP that cannot be saved answers 'failed'", async () => {
  // No such user: the profile row breaks its foreign key, the way a failing database would refuse.
  const ghost = { id: "no-such-user", email: "ghost@example.com", firstName: null, lastName: null, zipCode: null, isAdmin: false };
  const originalError = console.error;
  console.error = () => {};
  try {
    expect(await updateProfileZip(t.db, ghost, "02139")).toEqual({ ok: false, reason: "failed" });
  } finally {
    console.error = originalError;
  }
});
