// /club/{slug}/swap-days/{id}/official-wants.txt — the frozen want lists as solved, in TradeMaximizer's
// official-wants format (ADR 089): the stored bytes, for participants and organisers once the results are
// stored; anyone else, or before then, the app's 404. Members are per-event pseudonyms, never names or e-mails.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { officialWantsFor } from "~/features/swap-days/results.server";
import { clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  await requireClubPermission(context, access, "viewSwapDays");
  const text = await officialWantsFor(context.db, access!, params.id ?? "");
  if (text === null) throw clubNotFound();
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="official-wants.txt"',
      "Cache-Control": "private, no-store",
    },
  });
}
