// /club/{slug}/manage/library.csv — the gear library's export (ADR 097, the format ADR 093): units, then every loan,
// for its keepers only (manageGear; everyone else 404). Cells a spreadsheet would run as a formula are escaped.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { gearCsv } from "~/features/club-gear/inventory.server";
import { requireClubPage } from "~/web/guards.server";
import { getUser } from "~/web/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = requireClubPage(await getClubAccess(context.db, await getUser(request, context), params.slug ?? ""), "manageGear");
  const csv = await gearCsv(context.db, access);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${access.club.slug}-gear-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
