import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const bindings = { PHOTOS: {}, LobbyRoom: {}, ClubRoom: {}, UserRoom: {}, ListingRoom: {} };
const good = {
  ...bindings,
  APP_ENV: "development",
  DATABASE_URL: "http://127.0.0.1:8080",
  SESSION_SECRET: "s".repeat(32),
  REALTIME_SECRET: "r".repeat(32),
};

describe("environment", () => {
  test("a valid environment parses, with defaults", () => {
    const env = parseEnv({ ...good });
    expect(env.TESTING_MODE).toBe("off");
    expect(env.devRoutes).toBe(false);
  });

  test("a missing variable fails fast naming it", () => {
    const { SESSION_SECRET: _, ...rest } = good;
    expect(() => parseEnv(rest)).toThrowError(EnvError);
    expect(() => parseEnv({ ...rest })).toThrowError(/SESSION_SECRET/);
  });

  test("an invalid database URL is named", () => {
    expect(() => parseEnv({ ...good, DATABASE_URL: "postgres://x" })).toThrowError(/DATABASE_URL/);
  });

  test("a missing binding is named", () => {
    const { PHOTOS: _, ...rest } = good;
    expect(() => parseEnv(rest)).toThrowError(/PHOTOS/);
  });

  test("dev routes are never on in production", () => {
    const env = parseEnv({ ...good, APP_ENV: "production", DEV_ROUTES: "on" });
    expect(env.devRoutes).toBe(false);
  });
});
