import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, test } from "vitest";
import { readToast, redirectWithToast, toastCookie } from "./toast.server";

const context = { env: { APP_ENV: "test", SESSION_SECRET: "toast-test-secret-0123456789abcdef" } } as unknown as AppLoadContext;

/** The request a browser sends next: the cookie the previous response set. */
function nextRequest(setCookie: string) {
  return new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });
}

describe("flash toasts", () => {
  test("one toast still works as before: readToast gives it as `toast` and as the only entry of `toasts`", async () => {
    const cookie = await toastCookie(context, {
      title: "Signed out",
      description: "You have been successfully signed out.",
      variant: "success",
    });
    const read = await readToast(context, nextRequest(cookie));
    expect(read.toast).toEqual({ title: "Signed out", description: "You have been successfully signed out.", variant: "success" });
    expect(read.toasts).toEqual([read.toast]);
    expect(read.setCookie).toBeTruthy();
  });

  test("a redirect can carry several toasts, shown in order (listing saved with an upload warning)", async () => {
    const response = await redirectWithToast(context, "/listing/1", [
      { title: "Listing Created!", variant: "success" },
      { title: "Image Upload Error", description: "Failed to upload image 2. Continuing anyway...", variant: "destructive" },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/listing/1");
    const read = await readToast(context, nextRequest(response.headers.get("Set-Cookie")!));
    expect(read.toasts.map((t) => t.title)).toEqual(["Listing Created!", "Image Upload Error"]);
    expect(read.toasts[1]).toMatchObject({ description: "Failed to upload image 2. Continuing anyway...", variant: "destructive" });
    expect(read.toast?.title).toBe("Listing Created!");
  });

  test("reading clears the toasts, and no cookie means no toasts", async () => {
    const cookie = await toastCookie(context, [{ title: "A" }, { title: "B" }]);
    const first = await readToast(context, nextRequest(cookie));
    expect(first.toasts).toHaveLength(2);
    const again = await readToast(context, nextRequest(first.setCookie!));
    expect(again).toEqual({ toast: null, toasts: [], setCookie: null });
    expect(await readToast(context, new Request("http://localhost/"))).toEqual({ toast: null, toasts: [], setCookie: null });
  });

  test("a tampered cookie shows nothing", async () => {
    const cookie = await toastCookie(context, { title: "Hello" });
    const forged = cookie.replace(/^toast=([^;.]*)/, "toast=eyJ0b2FzdHMiOlt7InRpdGxlIjoiWCJ9XX0");
    expect((await readToast(context, nextRequest(forged))).toasts).toEqual([]);
  });
});
