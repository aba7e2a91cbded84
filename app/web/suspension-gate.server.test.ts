import { describe, expect, test } from "vitest";
import { pagePathOf, refuseWhileSuspended, siteActionOfPost } from "./suspension-gate.server";

const viewer = { id: "u1", email: "u1@example.com", firstName: null, lastName: null, zipCode: null, isAdmin: false };
const suspended = { ...viewer, suspension: { until: "2026-12-03T00:00:00.000Z", reason: "harassment" as const } };
const context = { env: { APP_ENV: "development" } };
const post = (path: string) => new Request(`http://localhost${path}`, { method: "POST" });

describe("the suspension gate (ADR 069)", () => {
  test("a page's path, with JavaScript (single fetch's .data) or without", () => {
    expect(pagePathOf("/listing/abc.data")).toBe("/listing/abc");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/logout")).toBe("/logout");
  });

  test("posts that are not writing: the person's own account, reports and blocks", () => {
    expect(siteActionOfPost("/logout")).toBe("manageOwnAccount");
    expect(siteActionOfPost("/player-profile")).toBe("manageOwnAccount");
    expect(siteActionOfPost("/club/river-fc/leave")).toBe("manageOwnAccount");
    expect(siteActionOfPost("/report")).toBe("report");
    expect(siteActionOfPost("/block/u2")).toBe("block");
    expect(siteActionOfPost("/listing/abc")).toBe("write");
    expect(siteActionOfPost("/club/river-fc/messages")).toBe("write");
    expect(siteActionOfPost("/reportx")).toBe("write");
    expect(siteActionOfPost("/logout/../listing/abc")).toBe("write");
  });

  test("a suspended person's write is refused with the date; their sign-out is not; nobody else is stopped", async () => {
    const refusal = await refuseWhileSuspended(post("/listing/abc.data"), context, suspended).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(refusal?.status).toBe(303);
    expect(refusal?.headers.get("Location")).toBe("/listing/abc");
    const api = await refuseWhileSuspended(post("/api/photos"), context, suspended).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(api?.status).toBe(403);
    expect(await api?.json()).toEqual({ error: "Your account is suspended until December 3, 2026" });
    await expect(refuseWhileSuspended(post("/logout.data"), context, suspended)).resolves.toBeUndefined();
    await expect(refuseWhileSuspended(post("/listing/abc"), context, viewer)).resolves.toBeUndefined();
  });
});
