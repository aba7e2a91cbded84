// How the app writes prices, dates and relative times (spec 02 §9). Plain functions, no Intl
// objects cached at module level beyond plain options. Dates are written in UTC so the server's
// HTML and the browser's render agree (no hydration mismatch, whatever the visitor's time zone).

/**
 * Dollars with a dollar prefix (02 §9); whole amounts without cents, others with two decimals.
 *   formatPrice(4550) → "$45.50"   formatPrice(3000) → "$30"   formatPrice(123400) → "$1,234"
 */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString("en-US") : dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A distance on a card: "3.2 mi" under 10 miles, whole miles from there ("27 mi"). */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

type DateInput = Date | string | number;

/**
 * A calendar date in UTC. "long" → "March 5, 2026" (listing pages); "short" → "Mar 5, 2026".
 */
export function formatDate(date: DateInput, style: "long" | "short" = "long"): string {
  return new Date(date).toLocaleDateString("en-US", { year: "numeric", month: style, day: "numeric", timeZone: "UTC" });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time in conversations (02 §9): under 1 minute 'Just now'; under 60 minutes 'Nm ago';
 * under 24 hours 'Nh ago'; under 7 days 'Nd ago'; otherwise the date ("Mar 5, 2026"). A time in
 * the future (clock skew) is 'Just now'. Server and browser clocks differ, so an element showing
 * it should carry `suppressHydrationWarning` or be rendered from a `now` passed by the loader.
 *
 *   formatRelativeTime(message.createdAt)                 // "5m ago"
 *   formatRelativeTime(message.createdAt, loaderNow)      // same text on server and client
 */
export function formatRelativeTime(date: DateInput, now: DateInput = Date.now()): string {
  const elapsed = new Date(now).getTime() - new Date(date).getTime();
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatDate(date, "short");
}
