// The age step of sign-up (ADR 092) for HTTP tests: a real POST to /auth/age, and the cookie it
// sets, which the e-mail sign-up and Google's callback need to create an account.
import { E2E_BASE_URL } from "./e2e-env";

/** `ls_age=…` for someone born in `year`/`month` (13 or over: under 13 sets nothing and this throws). */
export async function ageStepCookie(year = 1990, month = 6): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/auth/age`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: E2E_BASE_URL },
    body: new URLSearchParams({ birthYear: String(year), birthMonth: String(month) }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ls_age="));
  if (!cookie) throw new Error(`the age step set no cookie (${response.status})`);
  return cookie.split(";")[0];
}

/** Puts the age step's cookie in a browser context, as if it had come through /auth/age. */
export async function addAgeStepCookie(context: { addCookies(cookies: { name: string; value: string; url: string }[]): Promise<void> }) {
  const [name, ...value] = (await ageStepCookie()).split("=");
  await context.addCookies([{ name, value: value.join("="), url: E2E_BASE_URL }]);
}

/** Fills and sends /auth/age in a page (a real browser through the step). */
export async function passAgeStep(page: import("@playwright/test").Page, year = "1990", month = "June") {
  await page.getByLabel("Birth month").selectOption({ label: month });
  await page.getByLabel("Birth year").selectOption(year);
  await page.getByRole("button", { name: "Continue" }).click();
}
