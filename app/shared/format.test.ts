import { describe, expect, test } from "vitest";
import { formatDate, formatMiles, formatPrice, formatRelativeTime } from "./format";

describe("formatPrice (02 §9: a dollar prefix)", () => {
  test("whole dollars without cents, other amounts with two decimals, thousands grouped", () => {
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(3000)).toBe("$30");
    expect(formatPrice(4550)).toBe("$45.50");
    expect(formatPrice(1)).toBe("$0.01");
    expect(formatPrice(123400)).toBe("$1,234");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });
});

describe("formatMiles", () => {
  test("one decimal under 10 miles, whole miles from there", () => {
    expect(formatMiles(3.24)).toBe("3.2 mi");
    expect(formatMiles(9.94)).toBe("9.9 mi");
    expect(formatMiles(27.6)).toBe("28 mi");
  });
});

describe("formatDate", () => {
  test("writes the UTC calendar date, long or short", () => {
    expect(formatDate("2026-03-05T23:30:00Z")).toBe("March 5, 2026");
    expect(formatDate(new Date("2026-03-05T00:10:00Z"), "short")).toBe("Mar 5, 2026");
  });
});

describe("formatRelativeTime (02 §9, relative time in conversations)", () => {
  const now = new Date("2026-03-20T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;

  test("under 1 minute is 'Just now'", () => {
    expect(formatRelativeTime(now, now)).toBe("Just now");
    expect(formatRelativeTime(ago(59 * s), now)).toBe("Just now");
  });
  test("under 60 minutes is 'Nm ago'", () => {
    expect(formatRelativeTime(ago(1 * m), now)).toBe("1m ago");
    expect(formatRelativeTime(ago(59 * m + 59 * s), now)).toBe("59m ago");
  });
  test("under 24 hours is 'Nh ago'", () => {
    expect(formatRelativeTime(ago(1 * h), now)).toBe("1h ago");
    expect(formatRelativeTime(ago(23 * h + 59 * m), now)).toBe("23h ago");
  });
  test("under 7 days is 'Nd ago'", () => {
    expect(formatRelativeTime(ago(1 * d), now)).toBe("1d ago");
    expect(formatRelativeTime(ago(6 * d + 23 * h), now)).toBe("6d ago");
  });
  test("7 days or more is the date", () => {
    expect(formatRelativeTime(ago(7 * d), now)).toBe("Mar 13, 2026");
    expect(formatRelativeTime("2025-12-25T08:00:00Z", now)).toBe("Dec 25, 2025");
  });
  test("a time slightly in the future (clock skew) is 'Just now'", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * s), now)).toBe("Just now");
  });
  test("accepts ISO strings and epoch milliseconds as loaders send them", () => {
    expect(formatRelativeTime(ago(5 * m).toISOString(), now.getTime())).toBe("5m ago");
  });
});
