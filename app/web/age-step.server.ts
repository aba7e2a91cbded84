// The age step of sign-up (ADR 092). /auth/age asks the birth year and month before anything else;
// for 13 and over it leaves them in a short signed cookie that the e-mail sign-up and Google's
// callback read when they create the account. Under 13 nothing is set, stored or logged: the page
// only explains. The cookie holds nothing but the two numbers.
import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { ageBandOf } from "~/features/permissions/age";

export type Birth = { year: number; month: number };

const AGE_COOKIE_MAX_AGE_S = 30 * 60;

function ageCookie(env: Pick<AppLoadContext["env"], "APP_ENV" | "SESSION_SECRET">) {
  return createCookie(env.APP_ENV === "production" ? "__Host-ls_age" : "ls_age", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.APP_ENV === "production",
    secrets: [env.SESSION_SECRET],
    maxAge: AGE_COOKIE_MAX_AGE_S,
  });
}

/** Set-Cookie carrying a birth year and month (only ever for someone 13 or over). */
export async function ageCookieFor(env: AppLoadContext["env"], birth: Birth) {
  return ageCookie(env).serialize({ y: birth.year, m: birth.month });
}

/** Set-Cookie removing it, once the account is made. */
export async function clearAgeCookie(env: AppLoadContext["env"]) {
  return ageCookie(env).serialize("", { maxAge: 0 });
}

/** The birth the age step left, when it is there, signed, and of someone 13 or over now; else null. */
export async function birthFromRequest(request: Request, env: AppLoadContext["env"], now = new Date()): Promise<Birth | null> {
  const value: unknown = await ageCookie(env).parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { y, m } = value as { y?: unknown; m?: unknown };
  if (typeof y !== "number" || typeof m !== "number" || !Number.isInteger(y) || !Number.isInteger(m) || m < 1 || m > 12) return null;
  const birth = { year: y, month: m };
  return ageBandOf(birth, now) === "child" ? null : birth;
}
