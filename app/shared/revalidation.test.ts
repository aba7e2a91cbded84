import { describe, expect, test } from "vitest";
import { onlyViewStateChanged, pageShouldRevalidate } from "./revalidation";

const at = (path: string) => new URL(path, "https://lockerswap.test");
const nav = (from: string, to: string, extra: { formMethod?: string; actionResult?: unknown } = {}) =>
  pageShouldRevalidate({ currentUrl: at(from), nextUrl: at(to), defaultShouldRevalidate: true, ...extra });

describe("the photo viewer is view state: opening it reloads no data (issue 23 §4)", () => {
  test("opening, stepping and closing the viewer on the same listing does not revalidate", () => {
    expect(nav("/listing/a", "/listing/a?photo=1")).toBe(false);
    expect(nav("/listing/a?photo=1", "/listing/a?photo=2")).toBe(false);
    expect(nav("/listing/a?photo=2", "/listing/a")).toBe(false);
    expect(nav("/listing/a?x=1&photo=1", "/listing/a?photo=3&x=1")).toBe(false);
  });

  test("anything else revalidates as before: another page, another param, a submission, the same URL again", () => {
    expect(nav("/listing/a?photo=1", "/listing/b?photo=1")).toBe(true);
    expect(nav("/listing/a", "/listing/a?confirm=remove")).toBe(true);
    expect(nav("/listing/a?photo=1", "/listing/a?photo=2", { formMethod: "POST" })).toBe(true);
    expect(nav("/listing/a", "/listing/a")).toBe(true);
    expect(onlyViewStateChanged({ currentUrl: at("/listing/a"), nextUrl: at("/listing/a") })).toBe(false);
  });

  test("a submission the server could not complete still reloads nothing (ADR 047)", () => {
    expect(nav("/listing/a", "/listing/a", { formMethod: "POST", actionResult: { unsaved: true } })).toBe(false);
  });
});
