// Who may act on a deal (ADR 068): its two parties take every party step, only the
// proposer withdraws, a site admin only looks, anyone else — signed in or not — nothing (a 404).
import { describe, expect, test } from "vitest";
import { allowedActions, can, rolesOf, type Actor, type DealTarget } from "./can";
import { DEAL_ACTIONS, DEAL_PERMISSIONS, DEAL_ROLES } from "./deal";

const proposer: Actor = { id: "pat", isAdmin: false };
const owner: Actor = { id: "olive", isAdmin: false };
const stranger: Actor = { id: "sam", isAdmin: false };
const admin: Actor = { id: "root", isAdmin: true };
const deal: DealTarget = { kind: "deal", proposerId: "pat", ownerId: "olive" };

const allowed = (actor: Actor, target: DealTarget = deal) => DEAL_ACTIONS.filter((action) => can(actor, action, target));

/** Every party step, written out (not read from the table under test). */
const PARTY_STEPS = ["view", "counter", "accept", "decline", "proposeMeetup", "confirmMeetup", "handOver", "cancel", "review", "reply"];

describe("can(actor, action, deal) over every DEAL_ACTION", () => {
  test("the proposer takes every party step, and withdraws", () => {
    expect(allowed(proposer).sort()).toEqual([...PARTY_STEPS, "withdraw"].sort());
  });

  test("the owner takes every party step but cannot withdraw the proposer's offer", () => {
    expect(allowed(owner).sort()).toEqual([...PARTY_STEPS].sort());
    expect(can(owner, "withdraw", deal)).toBe(false);
  });

  test("a site admin only views", () => {
    expect(allowed(admin)).toEqual(["view"]);
  });

  test("a signed-in stranger and a signed-out visitor: nothing", () => {
    expect(allowed(stranger)).toEqual([]);
    expect(allowed(null)).toEqual([]);
    expect(Object.values(allowedActions(null, deal)).some(Boolean)).toBe(false);
  });

  test("a site admin who is a party acts as that party", () => {
    const adminProposer: Actor = { id: "pat", isAdmin: true };
    expect(rolesOf(adminProposer, deal)).toEqual(["signedIn", "proposer", "siteAdmin"]);
    expect(allowed(adminProposer).sort()).toEqual([...PARTY_STEPS, "withdraw"].sort());
  });

  test("a party whose account is gone leaves nobody in that seat: a null id matches no one", () => {
    const orphaned: DealTarget = { kind: "deal", proposerId: null, ownerId: "olive" };
    expect(allowed(proposer, orphaned)).toEqual([]);
    expect(allowed(owner, orphaned).sort()).toEqual([...PARTY_STEPS].sort());
    expect(rolesOf(null, orphaned)).toEqual(["anonymous"]);
  });

  test("the table has a line per deal role, naming only deal actions", () => {
    expect(Object.keys(DEAL_PERMISSIONS).sort()).toEqual([...DEAL_ROLES].sort());
    for (const granted of Object.values(DEAL_PERMISSIONS)) for (const action of granted) expect(DEAL_ACTIONS).toContain(action);
    expect(Object.keys(allowedActions(owner, deal)).sort()).toEqual([...DEAL_ACTIONS].sort());
  });
});
