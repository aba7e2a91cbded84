import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const bindings = { PHOTOS: {}, LobbyRoom: {}, ClubRoom: {}, UserRoom: {} };
const good = {
  ...bindings,
  APP_ENV: "development",
  DATABASE_URL: "http://127.0.0.1:8080",
  SESSION_SECRET: "s".repeat(32),
  REALTIME_SECRET: "r".repeat(32),
  PASSWORD_PEPPER: "p".repeat(32),
};
const productionOrigin = { APP_ORIGIN: "https://lockerswap.example" };
const productionMail = {
  ...productionOrigin,
  MAIL_PROVIDER_URL: "https://mail.example.com/send",
  MAIL_API_KEY: "key",
  MAIL_FROM: "LockerSwap <no-reply@example.com>",
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
    const env = parseEnv({ ...good, ...productionMail, APP_ENV: "production", DEV_ROUTES: "on" });
    expect(env.devRoutes).toBe(false);
  });

  test("round-trip tracing is never on in production; a default visitor ZIP must be 5 digits", () => {
    expect(parseEnv({ ...good, DB_TRACE: "on" }).dbTrace).toBe(true);
    expect(parseEnv({ ...good, ...productionMail, APP_ENV: "production", DB_TRACE: "on" }).dbTrace).toBe(false);
    expect(parseEnv({ ...good, DEFAULT_VISITOR_ZIP: "02139" }).DEFAULT_VISITOR_ZIP).toBe("02139");
    expect(() => parseEnv({ ...good, DEFAULT_VISITOR_ZIP: "Boston" })).toThrow(/DEFAULT_VISITOR_ZIP must be a 5-digit ZIP/);
  });

  test("a missing or short password pepper is named", () => {
    const { PASSWORD_PEPPER: _, ...rest } = good;
    expect(() => parseEnv(rest)).toThrowError(/PASSWORD_PEPPER is required/);
    expect(() => parseEnv({ ...good, PASSWORD_PEPPER: "short" })).toThrowError(/PASSWORD_PEPPER must be at least 32/);
  });

  test("production needs a mail provider; elsewhere mail may go to the outbox", () => {
    expect(() => parseEnv({ ...good, APP_ENV: "production" })).toThrowError(/MAIL_PROVIDER_URL is required in production/);
    expect(parseEnv({ ...good }).MAIL_PROVIDER_URL).toBeUndefined();
  });

  test("APP_ORIGIN: required (https) in production, a local default elsewhere, kept to scheme and host", () => {
    const { APP_ORIGIN: _, ...mailOnly } = productionMail;
    expect(() => parseEnv({ ...good, ...mailOnly, APP_ENV: "production" })).toThrowError(/APP_ORIGIN is required in production/);
    expect(() => parseEnv({ ...good, ...productionMail, APP_ENV: "production", APP_ORIGIN: "http://lockerswap.example" })).toThrowError(
      /APP_ORIGIN must be https/,
    );
    expect(parseEnv({ ...good, ...productionMail, APP_ENV: "production" }).APP_ORIGIN).toBe("https://lockerswap.example");
    expect(parseEnv({ ...good }).APP_ORIGIN).toBe("http://127.0.0.1:8787");
    expect(parseEnv({ ...good, APP_ORIGIN: "http://127.0.0.1:8812/" }).APP_ORIGIN).toBe("http://127.0.0.1:8812");
    for (const bad of [
      "lockerswap.example",
      "https://lockerswap.example/app",
      "ftp://lockerswap.example",
      "https://lockerswap.example?x=1",
    ]) {
      expect(() => parseEnv({ ...good, APP_ORIGIN: bad })).toThrowError(/APP_ORIGIN must be/);
    }
  });

  test("Google sign-in is optional and defaults to Google's endpoints", () => {
    const env = parseEnv({ ...good });
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(env.GOOGLE_TOKEN_URL).toBe("https://oauth2.googleapis.com/token");
    expect(env.GOOGLE_ISSUER).toBe("https://accounts.google.com");
    expect(() => parseEnv({ ...good, GOOGLE_JWKS_URL: "not a url" })).toThrowError(/GOOGLE_JWKS_URL must be a URL/);
  });

  test("production refuses Google endpoints that are not https, such as the local stand-in", () => {
    const standIn = "http://127.0.0.1:8788";
    expect(() => parseEnv({ ...good, ...productionMail, APP_ENV: "production", GOOGLE_TOKEN_URL: `${standIn}/token` })).toThrowError(
      /GOOGLE_TOKEN_URL must be https:\/\/ in production/,
    );
    expect(() => parseEnv({ ...good, ...productionMail, APP_ENV: "production", GOOGLE_ISSUER: standIn })).toThrowError(
      /GOOGLE_ISSUER must be https/,
    );
    expect(parseEnv({ ...good, ...productionMail, APP_ENV: "production" }).GOOGLE_ISSUER).toBe("https://accounts.google.com");
    expect(parseEnv({ ...good, GOOGLE_ISSUER: standIn }).GOOGLE_ISSUER).toBe(standIn);
  });
});
