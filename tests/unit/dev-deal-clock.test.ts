// POST /dev/deal-clock (app/routes/dev.deal-clock.ts): the tests' way to move the deal clock, and
// unreachable in production — there parseEnv turns dev routes off whatever DEV_ROUTES says.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { deals } from "#db/schema";
import { parseEnv } from "~/platform/env.server";
import { action } from "~/routes/dev.deal-clock";
import type { UserEvent } from "~/features/realtime/room-events";
import { OFFER_TTL_MS } from "~/features/trade/deal-machine";
import { createTestDb, type TestDb } from "../setup/test-db";
import { saleDeal } from "../deal-fixtures";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const published: { userId: string; event: UserEvent }[] = [];
const contextWith = (devRoutes: boolean) =>
  ({
    db: t.db,
    env: { APP_ENV: "test", APP_ORIGIN: "http://127.0.0.1:8787", devRoutes },
    publish: { user: (userId: string, event: UserEvent) => published.push({ userId, event }), club: () => {} },
  }) as unknown as AppLoadContext;

const post = (fields: [string, string][]) =>
  new Request("http://127.0.0.1:8787/dev/deal-clock", { method: "POST", body: new URLSearchParams(fields) });

describe("POST /dev/deal-clock", () => {
  test("answers 404 and runs nothing where dev routes are off — always so in production", async () => {
    const offer = await saleDeal(t.db, "proposed");
    const later = new Date(Date.now() + OFFER_TTL_MS + 3_600_000).toISOString();
    const refused = await action({ request: post([["now", later]]), context: contextWith(false), params: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
    const [row] = await t.db.select({ state: deals.state }).from(deals).where(eq(deals.id, offer.dealId));
    expect(row!.state).toBe("proposed");

    // Production: DEV_ROUTES=on is not enough.
    const production = parseEnv({
      APP_ENV: "production",
      DEV_ROUTES: "on",
      DATABASE_URL: "http://127.0.0.1:8080",
      SESSION_SECRET: "s".repeat(40),
      REALTIME_SECRET: "r".repeat(40),
      PASSWORD_PEPPER: "p".repeat(40),
      APP_ORIGIN: "https://lockerswap.example",
      MAIL_PROVIDER_URL: "https://mail.example/send",
      MAIL_API_KEY: "key",
      MAIL_FROM: "LockerSwap <hello@lockerswap.example>",
      PHOTOS: {},
      LobbyRoom: {},
      ClubRoom: {},
      UserRoom: {},
    });
    expect(production.devRoutes).toBe(false);
  });

  test("with dealIds the clock moves for those deals alone", async () => {
    const moved = await saleDeal(t.db, "proposed");
    const other = await saleDeal(t.db, "proposed");
    const later = new Date(Date.now() + OFFER_TTL_MS + 3_600_000).toISOString();
    const response = await action({
      request: post([
        ["now", later],
        ["dealId", moved.dealId],
      ]),
      context: contextWith(true),
      params: {},
    });
    const report = (await response.json()) as { expired: string[] };
    expect(report.expired).toContain(moved.dealId);
    expect(report.expired).not.toContain(other.dealId);
    expect(published).toContainEqual({
      userId: moved.seller.id,
      event: { type: "deal.changed", dealId: moved.dealId, listingId: moved.listingId, state: "expired", step: "expire" },
    });
  });

  test("a bad time is a 400, not a run", async () => {
    const response = await action({ request: post([["now", "tomorrow"]]), context: contextWith(true), params: {} });
    expect(response.status).toBe(400);
  });
});
