import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUser } from "~/web/session.server";
import { guidanceHintFor } from "~/web/price-guidance.server";

// The listing form's price hint as fields change, with JavaScript (ADR 086): the same ask and the
// same answer as the form's 'Suggest a price'. Signed-in only (signed-out visitors see no guidance);
// what counts is decided in the query as the asker. Private: it depends on who asks.
const HEADERS = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  // json(), not data(): a resource route answers data() with 200 whatever status it carries.
  if (!viewer) return json({ error: "Sign in required" }, { status: 401, headers: HEADERS });
  const params = new URL(request.url).searchParams;
  const ask = { ...Object.fromEntries(params), clubIds: params.getAll("clubIds") };
  return json({ hint: await guidanceHintFor(context.db, viewer, ask) }, { headers: HEADERS });
}
