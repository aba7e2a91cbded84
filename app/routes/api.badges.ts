import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { unreadCounts } from "~/features/messaging/inbox.server";
import { dealsWaitingFor } from "~/features/trade/deals-waiting.server";
import { newMatchesFor } from "~/features/matching/matches.server";
import { getUser } from "~/web/session.server";

// The viewer's unread counts (ADR 042), deals waiting for them (ADR 068) and unseen matches (ADR 071),
// refetched by the header when the user room says `badges.changed` or `matches.changed`. Derived on every call; private to the signed-in viewer.
const HEADERS = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  // json(), not data(): a resource route answers data() with 200 whatever status it carries.
  if (!viewer) return json({ error: "Sign in required" }, { status: 401, headers: HEADERS });
  // Side by side: one round trip of latency.
  const [counts, waiting, matches] = await Promise.all([
    unreadCounts(context.db, viewer),
    dealsWaitingFor(context.db, viewer),
    newMatchesFor(context.db, viewer),
  ]);
  return json({ ...counts, dealsWaiting: waiting.count, deals: waiting.deals, newMatches: matches }, { headers: HEADERS });
}
