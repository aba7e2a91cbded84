import { describe, expect, test } from "vitest";
import { allowedActions, can, rolesOf, SITE, type Actor, type ClubTarget } from "./can";
import { CLUB_ACTIONS, CLUB_PERMISSIONS, CLUB_ROLES, CLUB_VISIBILITY, MANAGEABLE_MEMBER_ROLES, type ClubFacts } from "./club";
import { LISTING_ACTIONS, LISTING_PERMISSIONS, LISTING_ROLES } from "./listing";
import { PROFILE_ACTIONS, PROFILE_PERMISSIONS, PROFILE_ROLES } from "./profile";
import { PLAYER_ACTIONS, PLAYER_PERMISSIONS, PLAYER_ROLES } from "./player";
import { SITE_ACTIONS, SITE_PERMISSIONS, SITEWIDE_ROLES } from "./site";
import type { PermissionTable } from "./table";

const alice: Actor = { id: "alice", isAdmin: false };
const bob: Actor = { id: "bob", isAdmin: false };
const admin: Actor = { id: "root", isAdmin: true };
const facts: ClubFacts = { visibility: "public", joinMode: "open", allowJoinRequests: true, showPricesInPreview: false };

describe("can(actor, action, target): one check for every kind of target", () => {
  test("the site: the dashboard and moderation only for a site admin (spec 02 §6); writing for anyone signed in and not suspended (ADR 069)", () => {
    const everyone = ["write", "manageOwnAccount", "report", "block", "appeal", "favorite"];
    expect(SITE_ACTIONS.filter((a) => can(admin, a, SITE))).toEqual([...SITE_ACTIONS]);
    expect(SITE_ACTIONS.filter((a) => can(alice, a, SITE))).toEqual(everyone);
    expect(SITE_ACTIONS.filter((a) => can(null, a, SITE))).toEqual([]);
    // Suspended: their own account, reports and blocks — nothing else, an admin's powers included.
    const suspension = { until: null, reason: "scam" as const };
    const kept = ["manageOwnAccount", "report", "block", "appeal"];
    expect(SITE_ACTIONS.filter((a) => can({ ...alice, suspension }, a, SITE))).toEqual(kept);
    expect(SITE_ACTIONS.filter((a) => can({ ...admin, suspension }, a, SITE))).toEqual(kept);
  });

  test("silenced by reports' weight (ADR 095): reads, keeps its account, reports, blocks and appeals — every role alike", () => {
    const kept = ["manageOwnAccount", "report", "block", "appeal"];
    for (const actor of [alice, bob, admin]) expect(SITE_ACTIONS.filter((a) => can({ ...actor!, silenced: true }, a, SITE))).toEqual(kept);
    expect(rolesOf({ ...admin!, silenced: true }, SITE)).toEqual(["silenced"]);
    // The appeal: anyone signed in, suspended or silenced; deciding one: a site admin only (another than the one who acted — in the SQL).
    expect(
      SITE_ACTIONS.filter((a) => a === "appeal" || a === "decideAppeal").map((a) => [
        a,
        can(alice, a, SITE),
        can(admin, a, SITE),
        can(null, a, SITE),
      ]),
    ).toEqual([
      ["appeal", true, true, false],
      ["decideAppeal", false, true, false],
    ]);
  });

  test("a listing: its owner changes it; a site admin only deletes it", () => {
    const mine = { kind: "listing" as const, ownerId: "alice" };
    expect(LISTING_ACTIONS.filter((a) => can(alice, a, mine))).toEqual(["edit", "setStatus", "delete"]);
    expect(LISTING_ACTIONS.filter((a) => can(admin, a, mine))).toEqual(["delete"]);
    expect(LISTING_ACTIONS.filter((a) => can(bob, a, mine))).toEqual([]);
    expect(LISTING_ACTIONS.filter((a) => can(null, a, mine))).toEqual([]);
    expect(rolesOf({ id: "alice", isAdmin: true }, mine)).toEqual(["signedIn", "owner", "siteAdmin"]);
  });

  test("a profile: the person edits, a site admin reads, nobody else", () => {
    const alicePage = { kind: "profile" as const, userId: "alice" };
    expect(allowedActions(alice, alicePage)).toEqual(Object.fromEntries(PROFILE_ACTIONS.map((a) => [a, a !== "oversee"])));
    expect(PROFILE_ACTIONS.filter((a) => can(admin, a, alicePage))).toEqual(["view"]);
    expect(PROFILE_ACTIONS.filter((a) => can(bob, a, alicePage))).toEqual([]);
    expect(PROFILE_ACTIONS.filter((a) => can(null, a, alicePage))).toEqual([]);
  });

  test("a teen (ADR 092): pending a guardian they browse and favorite; once linked they write; their guardian oversees", () => {
    const pendingTeen: Actor = { id: "sam", isAdmin: false, minor: { guardianLinked: false } };
    const linkedTeen: Actor = { id: "sam", isAdmin: false, minor: { guardianLinked: true } };
    expect(SITE_ACTIONS.filter((a) => can(pendingTeen, a, SITE))).toEqual(["manageOwnAccount", "report", "block", "appeal", "favorite"]);
    expect(SITE_ACTIONS.filter((a) => can(linkedTeen, a, SITE))).toEqual([
      "write",
      "manageOwnAccount",
      "report",
      "block",
      "appeal",
      "favorite",
    ]);
    // A minor is never a site admin, even with the flag.
    expect(can({ ...linkedTeen, isAdmin: true }, "viewDashboard", SITE)).toBe(false);
    const samPage = { kind: "profile" as const, userId: "sam", guardianIds: ["morgan"] };
    expect(PROFILE_ACTIONS.filter((a) => can({ id: "morgan", isAdmin: false }, a, samPage))).toEqual([
      "oversee",
      "seeBirthDate",
      "unlinkGuardian",
    ]);
    expect(PROFILE_ACTIONS.filter((a) => can(bob, a, samPage))).toEqual([]);
    expect(can(admin, "seeBirthDate", samPage)).toBe(false);
  });

  test("a player: only their guardians see or change them — not a site admin, not a stranger", () => {
    const theirs = { kind: "player" as const, guardian: true };
    const notTheirs = { kind: "player" as const, guardian: false };
    expect(allowedActions(alice, theirs)).toEqual(Object.fromEntries(PLAYER_ACTIONS.map((a) => [a, true])));
    expect(PLAYER_ACTIONS.filter((a) => can(admin, a, notTheirs))).toEqual(["add", "acceptInvite"]);
    expect(PLAYER_ACTIONS.filter((a) => can(bob, a, notTheirs))).toEqual(["add", "acceptInvite"]);
    expect(PLAYER_ACTIONS.filter((a) => can(null, a, notTheirs))).toEqual([]);
  });

  test("a club: roles come from the membership row and the viewer", () => {
    const club = (membership: ClubTarget["membership"]): ClubTarget => ({ kind: "club", club: facts, membership });
    expect(rolesOf(admin, club({ role: "member", status: "active" }))).toEqual(["member", "siteAdmin"]);
    expect(rolesOf(alice, club({ role: "admin", status: "pending" }))).toEqual(["pending"]);
    expect(can(alice, "approve", club({ role: "admin", status: "active" }))).toBe(true);
    expect(can(alice, "approve", club({ role: "member", status: "active" }))).toBe(false);
    expect(can(admin, "approve", club(null))).toBe(true);
    expect(can(admin, "postChat", club(null))).toBe(false);
    expect(can(null, "join", club(null))).toBe(false);
    expect(can(bob, "join", club(null))).toBe(true);
    expect(Object.keys(allowedActions(bob, club(null))).sort()).toEqual([...CLUB_ACTIONS].sort());
  });
});

describe("every table has the one shape: a line per role of its kind, naming only that kind's actions", () => {
  type Row = [string, PermissionTable<string, string>, readonly string[], readonly string[]];
  const tables: Row[] = [
    ["club", CLUB_PERMISSIONS, CLUB_ROLES, CLUB_ACTIONS],
    ...Object.entries(CLUB_VISIBILITY).map(([visibility, table]): Row => [
      `club visibility ${visibility}`,
      table,
      CLUB_ROLES,
      CLUB_ACTIONS,
    ]),
    ["club member management", MANAGEABLE_MEMBER_ROLES, CLUB_ROLES, ["admin", "equipment_manager", "member"]],
    ["listing", LISTING_PERMISSIONS, LISTING_ROLES, LISTING_ACTIONS],
    ["profile", PROFILE_PERMISSIONS, PROFILE_ROLES, PROFILE_ACTIONS],
    ["player", PLAYER_PERMISSIONS, PLAYER_ROLES, PLAYER_ACTIONS],
    ["site", SITE_PERMISSIONS, SITEWIDE_ROLES, SITE_ACTIONS],
  ];
  test.each(tables)("%s", (_name, table, roles, actions) => {
    expect(Object.keys(table).sort()).toEqual([...roles].sort());
    for (const granted of Object.values(table)) expect(granted.filter((action) => !actions.includes(action))).toEqual([]);
  });
});
