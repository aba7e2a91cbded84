import { describe, expect, test } from "vitest";
import { CLUB_ACTIONS, CLUB_ROLES, canInClub, canManageMember, rolesAllowed, type ClubAction, type ClubFacts, type ClubRole } from "./club";

// Spec 02 §6, written out independently of the table: one column per role, in this order:
//                    anonymous  stranger  pending  member  equipment_manager  admin  owner  siteAdmin
const ROLE_ORDER: readonly ClubRole[] = ["anonymous", "stranger", "pending", "member", "equipment_manager", "admin", "owner", "siteAdmin"];
const EXPECTED: Record<Exclude<ClubAction, "view" | "viewRoster">, string> = {
  viewListingsAll: "-YYYYYYY", // signed-out visitors get the 3-item preview
  seePrices: "-YYYYYYY", // anonymous only with show_prices_in_preview (below)
  join: "-Y------",
  joinWithCode: "-Y------",
  requestToJoin: "-Y------",
  leave: "---YYY--", // the owner cannot leave
  listItem: "---YYYY-",
  manage: "-----YYY",
  approve: "-----YYY",
  reject: "-----YYY",
  editSettings: "-----YYY",
  viewInviteCode: "-----YYY",
  changeInviteCode: "-----YYY",
  promote: "-----YYY",
  demote: "-----YYY",
  removeMember: "-----YYY",
  uploadLogo: "-----YYY",
  // ADR 069: the club's owner and admins moderate reports about its content; site admins manage every club.
  moderateReports: "-----YYY",
  readMessages: "---YYYY-",
  postChat: "---YYYY-",
  deleteOwnChat: "---YYYY-",
  deleteAnyChat: "-----YY-",
  postAnnouncement: "-----YY-",
  sendDm: "---YYYY-",
  readRequests: "---YYYY-",
  postRequest: "---YYYY-",
  // Members only; that it is the author's own open request is checked in the SQL (club-requests.server.test.ts).
  fulfilOwnRequest: "---YYYY-",
  deleteOwnRequest: "---YYYY-",
  // ADR 088: members take part in Swap Days; the club's owner and admins organise them (a site admin is no member).
  viewSwapDays: "---YYYY-",
  joinSwapDay: "---YYYY-",
  organiseSwapDay: "-----YY-",
  // ADR 093: members see the library and ask to borrow; its keepers are the equipment managers, admins and owner.
  viewLibrary: "---YYYY-",
  borrowGear: "---YYYY-",
  manageGear: "----YYY-",
};
const EXPECTED_VISIBILITY = {
  public: { view: "YYYYYYYY", viewRoster: "YYYYYYYY" },
  members_only: { view: "-YYYYYYY", viewRoster: "---YYYYY" },
  private: { view: "---YYYYY", viewRoster: "---YYYYY" },
} as const;

const allowedString = (action: ClubAction, visibility: ClubFacts["visibility"]) =>
  ROLE_ORDER.map((role) => (rolesAllowed(action, visibility).includes(role) ? "Y" : "-")).join("");

const club = (over: Partial<ClubFacts> = {}): ClubFacts => ({
  visibility: "public",
  joinMode: "open",
  allowJoinRequests: true,
  showPricesInPreview: false,
  ...over,
});

describe("the club permission table matches spec 02 §6", () => {
  test("every role and action is covered by the expectation", () => {
    expect([...CLUB_ROLES].sort()).toEqual([...ROLE_ORDER].sort());
    expect([...CLUB_ACTIONS].sort()).toEqual([...Object.keys(EXPECTED), "view", "viewRoster"].sort());
  });

  test.each(Object.entries(EXPECTED))("%s: %s", (action, expected) => {
    expect(allowedString(action as ClubAction, "public")).toBe(expected);
  });

  test.each(Object.entries(EXPECTED_VISIBILITY))("who sees a %s club and its roster", (visibility, expected) => {
    expect(allowedString("view", visibility as ClubFacts["visibility"])).toBe(expected.view);
    expect(allowedString("viewRoster", visibility as ClubFacts["visibility"])).toBe(expected.viewRoster);
  });
});

describe("club facts the roles depend on", () => {
  test("each join action needs its join mode, and allow_join_requests on", () => {
    expect(canInClub(["stranger"], club({ joinMode: "open" }), "join")).toBe(true);
    expect(canInClub(["stranger"], club({ joinMode: "approval" }), "join")).toBe(false);
    expect(canInClub(["stranger"], club({ joinMode: "code" }), "joinWithCode")).toBe(true);
    expect(canInClub(["stranger"], club({ joinMode: "open" }), "joinWithCode")).toBe(false);
    expect(canInClub(["stranger"], club({ joinMode: "approval" }), "requestToJoin")).toBe(true);
    for (const joinMode of ["open", "approval", "code"] as const) {
      const closed = club({ joinMode, allowJoinRequests: false });
      expect(["join", "joinWithCode", "requestToJoin"].some((a) => canInClub(["stranger"], closed, a as ClubAction))).toBe(false);
    }
  });

  test("nothing at all in a club one may not see (a stranger and a private club)", () => {
    const secret = club({ visibility: "private" });
    expect(CLUB_ACTIONS.filter((action) => canInClub(["stranger"], secret, action))).toEqual([]);
    expect(CLUB_ACTIONS.filter((action) => canInClub(["anonymous"], club({ visibility: "members_only" }), action))).toEqual([]);
  });

  test("signed-out visitors see prices only where show_prices_in_preview is on", () => {
    expect(canInClub(["anonymous"], club(), "seePrices")).toBe(false);
    expect(canInClub(["anonymous"], club({ showPricesInPreview: true }), "seePrices")).toBe(true);
    expect(canInClub(["stranger"], club(), "seePrices")).toBe(true);
  });

  test("a site admin who is also a member has both standings", () => {
    expect(canInClub(["member", "siteAdmin"], club(), "postChat")).toBe(true);
    expect(canInClub(["member", "siteAdmin"], club(), "approve")).toBe(true);
    expect(canInClub(["member", "siteAdmin"], club(), "join")).toBe(false);
    expect(canInClub(["stranger", "siteAdmin"], club(), "join")).toBe(true);
  });

  test("nobody may promote, demote or remove the owner; admins manage members only", () => {
    for (const roles of [["owner"], ["admin"], ["siteAdmin"]] as ClubRole[][]) expect(canManageMember(roles, "owner")).toBe(false);
    expect(canManageMember(["owner"], "admin")).toBe(true);
    expect(canManageMember(["admin"], "admin")).toBe(false);
    expect(canManageMember(["admin"], "member")).toBe(true);
    expect(canManageMember(["member"], "member")).toBe(false);
    // ADR 093: owner and admins give and take the equipment manager role; an equipment manager manages nobody.
    expect(canManageMember(["admin"], "equipment_manager")).toBe(true);
    expect(canManageMember(["equipment_manager"], "member")).toBe(false);
  });
});
