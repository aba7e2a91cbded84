import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { unreadCounts } from "~/features/messaging/inbox.server";
import { getUser } from "~/web/session.server";

// The viewer's unread counts (ADR 042), refetched by the header when the user room says
// `badges.changed`. Derived from read_at on every call; private to the signed-in viewer.
const HEADERS = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  // json(), not data(): a resource route answers data() with 200 whatever status it carries.
  if (!viewer) return json({ error: "Sign in required" }, { status: 401, headers: HEADERS });
  return json(await unreadCounts(context.db, viewer), { headers: HEADERS });
}
