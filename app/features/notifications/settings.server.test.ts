// Saving notification settings (ADR 073): every kind in one batch, one's own rows only, and
// saving the same again changes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser } from "../../../tests/factories";
import { NOTIFICATION_KINDS } from "#db/schema/enums";
import { DEFAULT_MODES, KIND_MODES, saveSettings, settingsOf } from "./settings.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const rowsOf = (userId: string) =>
  t.db.all<{ kind: string; mode: string }>(sql`select kind, mode from notification_settings where user_id = ${userId} order by kind`);

test("defaults until saved; a save writes every kind for that person only, and again is the same", async () => {
  const sam = await createTestUser(t.db);
  const other = await createTestUser(t.db);
  expect(await settingsOf(t.db, sam.id)).toEqual(DEFAULT_MODES);

  const choices = { ...DEFAULT_MODES, deals: "in_app", announcements: "email_digest" } as const;
  await saveSettings(t.db, sam.id, choices);
  await saveSettings(t.db, sam.id, choices);
  expect(await settingsOf(t.db, sam.id)).toEqual(choices);
  expect(await rowsOf(sam.id)).toHaveLength(NOTIFICATION_KINDS.length);
  expect(await rowsOf(other.id)).toEqual([]);
});

test("every kind offers all three modes, but outgrown gear: in the app or right away (ADR 091)", () => {
  for (const [kind, modes] of Object.entries(KIND_MODES))
    expect([...modes].sort()).toEqual(kind === "outgrown" ? ["email_now", "in_app"] : ["email_digest", "email_now", "in_app"]);
});
