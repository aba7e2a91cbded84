// Where a push may be sent (ADR 087): a subscription's endpoint is a URL a browser hands us, so it
// is a person's input — a server that POSTs wherever it is told is a request forger (SSRF). Only
// the browsers' own push services are accepted, by host, over https on the default port; loopback,
// private addresses and IP literals are therefore never reached. The one exception is the local
// stand-in's origin, named by server configuration (PUSH_SERVICE_TEST_ORIGIN, refused in production).

/** The push services of Chrome (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS). */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
] as const;

const hostIsPushService = (host: string) => PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));

/** True when a push may be sent to `endpoint`. */
export function isAllowedPushEndpoint(endpoint: string, testOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (testOrigin && url.origin === new URL(testOrigin).origin) return true;
  return url.protocol === "https:" && url.port === "" && hostIsPushService(url.hostname.toLowerCase());
}
