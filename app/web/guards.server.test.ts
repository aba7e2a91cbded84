import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestUser } from "../../tests/factories";
import { createSession } from "./session.server";
import { getClubAccess } from "~/features/clubs/club-access.server";
import type { Viewer } from "~/features/permissions/viewer";
import { readToast } from "./toast.server";
import { requireAdmin, requireClubPermission } from "./guards.server";

let t: TestDb;
let context: AppLoadContext;
const who: Record<string, TestUser> = {};

beforeAll(async () => {
  t = await createTestDb();
  context = { db: t.db, env: { APP_ENV: "test", SESSION_SECRET: "club-access-test-secret-0123456789" } } as unknown as AppLoadContext;
  for (const name of ["owner", "admin", "member", "pending", "stranger"]) who[name] = await createTestUser(t.db, { firstName: name });
  who.siteAdmin = await createTestUser(t.db, { firstName: "Site", admin: true });
  for (const visibility of ["public", "members_only", "private"] as const) {
    const club = await createTestClub(t.db, who.owner, {
      name: `${visibility} club`,
      slug: `${visibility.replace("_", "-")}-club`,
      visibility,
      joinMode: "approval",
    });
    await addTestMember(t.db, club, who.admin, { role: "admin" });
    await addTestMember(t.db, club, who.member);
    await addTestMember(t.db, club, who.pending, { status: "pending" });
  }
});
afterAll(() => t.cleanup());

/** What a thrown Response says: status, Location, the toast's title. */
async function describeResponse(response: Response) {
  const cookie = response.headers.get("Set-Cookie");
  const toast = cookie ? (await readToast(context, new Request("http://x/", { headers: { Cookie: cookie.split(";")[0] } }))).toast : null;
  return { status: response.status, location: response.headers.get("Location"), toast: toast?.title ?? null };
}

describe("requireClubPermission: the response a refused request gets (ADR 025)", () => {
  const refusal = async (viewer: Viewer | null, slug: string, action: Parameters<typeof requireClubPermission>[2]) => {
    try {
      await requireClubPermission(context, await getClubAccess(t.db, viewer, slug), action);
      return null;
    } catch (thrown) {
      return describeResponse(thrown as Response);
    }
  };

  test("allowed: returns the access", async () => {
    expect(await refusal(who.owner, "private-club", "manage")).toBeNull();
    expect(await refusal(who.siteAdmin, "private-club", "approve")).toBeNull();
  });

  test("a club the viewer may not see, or no club: 404, whatever the action", async () => {
    expect(await refusal(who.stranger, "private-club", "join")).toMatchObject({ status: 404 });
    expect(await refusal(null, "members-only-club", "view")).toMatchObject({ status: 404 });
    expect(await refusal(who.member, "no-such-club", "view")).toMatchObject({ status: 404 });
  });

  test("signed out: to sign-in, coming back to the club", async () => {
    expect(await refusal(null, "public-club", "requestToJoin")).toEqual({
      status: 302,
      location: "/auth?redirectTo=%2Fclub%2Fpublic-club",
      toast: "Sign in required",
    });
  });

  test("a manage action by a non-manager: back to the club with 'Access denied'", async () => {
    for (const viewer of [who.member, who.pending, who.stranger]) {
      expect(await refusal(viewer, "public-club", "manage")).toEqual({
        status: 303,
        location: "/club/public-club",
        toast: "Access denied",
      });
    }
  });

  test("other refusals: back to the club with the reason", async () => {
    expect(await refusal(who.owner, "public-club", "leave")).toEqual({
      status: 303,
      location: "/club/public-club",
      toast: "Cannot leave group",
    });
    expect(await refusal(who.member, "public-club", "requestToJoin")).toMatchObject({ status: 303, toast: "Already a member" });
    expect(await refusal(who.stranger, "public-club", "postChat")).toMatchObject({ status: 303, toast: "Not allowed" });
  });
});

describe("requireAdmin (spec 02 §6): the site table's viewDashboard", () => {
  const asking = async (user: TestUser | null) => {
    const headers = new Headers();
    if (user) headers.set("Cookie", (await createSession(context, user.id, new Request("http://app.test/"))).split(";")[0]);
    try {
      return { viewer: (await requireAdmin(new Request("http://app.test/admin", { headers }), context)).id };
    } catch (thrown) {
      return describeResponse(thrown as Response);
    }
  };

  test("a site admin passes; anyone else signed in goes home with 'Access Denied'; signed out → sign in", async () => {
    expect(await asking(who.siteAdmin)).toEqual({ viewer: who.siteAdmin.id });
    expect(await asking(who.owner)).toEqual({ status: 302, location: "/", toast: "Access Denied" });
    expect(await asking(null)).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Fadmin" });
  });
});
