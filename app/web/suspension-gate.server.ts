// The one place a suspension refuses a write (ADR 069). Every form post and fetch that changes
// something reaches the session lookup first (app/web/session.server.ts calls this for every
// non-GET request), so no action can forget the rule. Which posts a suspended person keeps is the
// site permission table's (`manageOwnAccount`, `report`, `block`); this maps a posted path to one.
import { json, redirect } from "@remix-run/cloudflare";
import type { Viewer } from "~/features/permissions/viewer";
import { can, SITE } from "~/features/permissions/can";
import type { SiteAction } from "~/features/permissions/site";
import { safeRedirect } from "~/platform/security.server";
import { suspendedMessage } from "~/shared/copy/safety";
import { toastCookie } from "./toast.server";

/** Posts that are not "writing" on the site: the account's own housekeeping, reports and blocks. */
const POST_ACTIONS: readonly [RegExp, SiteAction][] = [
  [/^\/(logout|auth|verify-email|testing-mode|account\/location|notifications\/acknowledge|player-profile)\/?$/, "manageOwnAccount"],
  // A device of one's own for push (ADR 087): being told is reading, not posting.
  [/^\/api\/push-subscriptions\/?$/, "manageOwnAccount"],
  [/^\/club\/[^/]+\/leave\/?$/, "manageOwnAccount"],
  // Saved searches are private to their owner and show nothing to anyone: saving one is not posting.
  [/^\/saved-searches\/?$/, "manageOwnAccount"],
  // Turning e-mails off (a signed link; signed in or not).
  [/^\/unsubscribe\/?$/, "manageOwnAccount"],
  [/^\/dev\//, "manageOwnAccount"],
  [/^\/report\/?$/, "report"],
  [/^\/block(\/[^/]+)?\/?$/, "block"],
];

export function siteActionOfPost(pathname: string): SiteAction {
  return POST_ACTIONS.find(([path]) => path.test(pathname))?.[1] ?? "write";
}

/**
 * The page a request is for. With JavaScript, Remix's single fetch posts to `{path}.data` (the
 * index route: `/_root.data`); without, to the page's own path.
 */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

type GateContext = { env: { APP_ENV: string; SESSION_SECRET?: string } };

/** Throws the refusal when `viewer` may not make this non-GET request; returns otherwise. */
export async function refuseWhileSuspended(request: Request, context: GateContext, viewer: Viewer): Promise<void> {
  if (!viewer.suspension) return;
  const pathname = pagePathOf(new URL(request.url).pathname);
  if (can(viewer, siteActionOfPost(pathname), SITE)) return;
  const message = suspendedMessage(viewer.suspension.until);
  // A fetch to an API answers in JSON; a form post goes back to its page with the message as a toast.
  if (pathname.startsWith("/api/")) throw json({ error: message }, { status: 403 });
  const headers = new Headers();
  if (context.env.SESSION_SECRET)
    headers.append(
      "Set-Cookie",
      await toastCookie(context as Parameters<typeof toastCookie>[0], { title: message, variant: "destructive" }),
    );
  throw redirect(safeRedirect(pathname), { status: 303, headers });
}
