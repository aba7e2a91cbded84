import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../../../tests/factories";
import { deleteUserAccount } from "../admin/admin-deletions.server";
import { searchListings } from "../search/search.server";
import { fitFor } from "./fits.server";
import { acceptInvitation, addToRoster, familyOf, invitationFor, playerOf, rosterPlayersOf, savePlayer } from "./players.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const sam = (playerId: string) => ({
  intent: "save" as const,
  playerId,
  firstName: "Sam",
  birthYear: 2016,
  sports: ["hockey" as const],
  sizes: { skate: { value: "4", measuredOn: "2026-10-01" }, helmet: { value: "S", measuredOn: "2026-10-01" } },
});

describe("players in a family", () => {
  test("only the player's guardians see or change them; a retried add stores one player", async () => {
    const parent = await createTestUser(t.db);
    const stranger = await createTestUser(t.db);
    const id = crypto.randomUUID();
    expect(await savePlayer(t.db, parent, sam(id))).toEqual({ ok: true, created: true });
    expect(await savePlayer(t.db, parent, sam(id))).toEqual({ ok: true, created: false });
    expect((await familyOf(t.db, parent)).map((p) => p.firstName)).toEqual(["Sam"]);
    expect(await playerOf(t.db, stranger, id)).toBeNull();
    expect(await savePlayer(t.db, stranger, { ...sam(id), firstName: "Hacked" })).toEqual({ ok: false, reason: "not_found" });
    expect((await playerOf(t.db, parent, id))!.firstName).toBe("Sam");
  });

  test("'Fits Sam' filters the search by the size and the next one up, for the guardian only", async () => {
    const parent = await createTestUser(t.db);
    const seller = await createTestUser(t.db);
    const id = crypto.randomUUID();
    await savePlayer(t.db, parent, sam(id));
    const four = await createTestListing(t.db, seller, { sport: "hockey", equipmentType: "Skates", sizeNumeric: "4", title: "Skates 4" });
    const fourHalf = await createTestListing(t.db, seller, {
      sport: "hockey",
      equipmentType: "Skates",
      sizeNumeric: "4.5",
      title: "Skates 4.5",
    });
    const six = await createTestListing(t.db, seller, { sport: "hockey", equipmentType: "Skates", sizeNumeric: "6", title: "Skates 6" });
    const fit = await fitFor(t.db, parent, id);
    expect(fit?.label).toBe("Fits Sam");
    const result = await searchListings(t.db, parent, { sport: "hockey", fits: fit!.where }, { limit: 100 });
    const ids = result.items.map((i) => i.id);
    expect(ids).toContain(four);
    expect(ids).toContain(fourHalf);
    expect(ids).not.toContain(six);
    // Another family's player id is no fit at all.
    expect(await fitFor(t.db, seller, id)).toBeNull();
  });

  test("an invitation accepted twice at once makes one guardian; the roster shows first name and age group only", async () => {
    const parent = await createTestUser(t.db);
    const other = await createTestUser(t.db);
    const id = crypto.randomUUID();
    await savePlayer(t.db, parent, sam(id));
    expect(await invitationFor(t.db, parent, id, other.email, { token: "x", hash: "hash-1" })).toEqual({ firstName: "Sam" });
    const both = await Promise.all([acceptInvitation(t.db, other, "hash-1"), acceptInvitation(t.db, other, "hash-1")]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect((await playerOf(t.db, other, id))!.guardians).toBe(2);
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    expect(await addToRoster(t.db, parent, id, club.id)).toBe(false);
    await addTestMember(t.db, club, parent);
    expect(await addToRoster(t.db, parent, id, club.id)).toBe(true);
    expect(await rosterPlayersOf(t.db, club.id, new Date("2026-03-01T00:00:00Z"))).toEqual([{ firstName: "Sam", ageGroup: "U10" }]);
  });

  test("nothing of a child remains after all their guardians' accounts are deleted", async () => {
    const a = await createTestUser(t.db);
    const b = await createTestUser(t.db);
    const id = crypto.randomUUID();
    await savePlayer(t.db, a, sam(id));
    await invitationFor(t.db, a, id, b.email, { token: "y", hash: "hash-2" });
    await acceptInvitation(t.db, b, "hash-2");
    await deleteUserAccount(t.db, a, a.id, "self");
    expect(await playerOf(t.db, b, id)).not.toBeNull();
    await deleteUserAccount(t.db, b, b.id, "self");
    const left = await t.db.all<{ n: number }>(sql`select (select count(*) from players where id = ${id})
      + (select count(*) from player_sizes where player_id = ${id}) + (select count(*) from player_guardians where player_id = ${id})
      + (select count(*) from player_invites where player_id = ${id}) as n`);
    expect(Number(left[0]!.n)).toBe(0);
  });
});
