// /club/{slug}/swap-days/{id}/wants?item={itemId} — the want list of one of the viewer's items (ADR 089). A real
// form: one POST of checkbox values saves it without JavaScript; filters are a GET form (ticked items outside the
// filter ride along as hidden inputs), and with JavaScript they filter at once. Not a member of the club: the club's
// refusal (ADR 056: 404 where the club is hidden, else back to the club page). Someone else's item or another
// club's event: the app's 404, for the page and the POST alike; the member's own item once its lists closed: the
// page 404, a POST from the stale page 409 with "Want lists are not open for this item", values kept.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WantListForm } from "~/components/swap-days/want-list";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { saveWants, wantListFor } from "~/features/swap-days/wants.server";
import { conditionLabel } from "~/shared/catalog/conditions";
import { SWAP_WANTS_TEXT } from "~/shared/copy/swap-day-wants";
import { WantsSchema, wantsOf, type WantsActionData } from "~/shared/schemas/swap-day-wants";
import { clubAccessForAction, clubDenialResponse, clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${SWAP_WANTS_TEXT.editList(data.list.item.title)} — LockerSwap` : "Not found — LockerSwap" },
];

const words = (slug: string | null) => (slug ? slug.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase()) : "");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "joinSwapDay");
  const url = new URL(request.url);
  const list = await wantListFor(context.db, access!, params.id ?? "", url.searchParams.get("item") ?? "");
  if (!list) throw clubNotFound();
  const filter = {
    sport: url.searchParams.get("sport") ?? "",
    type: url.searchParams.get("type") ?? "",
    size: url.searchParams.get("size") ?? "",
    condition: url.searchParams.get("condition") ?? "",
  };
  return {
    club: { slug: club.slug, name: club.name },
    swapDayId: params.id!,
    filter,
    list: {
      item: list.item,
      candidates: list.candidates.map((c) => ({
        ...c,
        labels: { sport: words(c.sport), type: words(c.equipmentType), size: words(c.size), condition: conditionLabel(c.condition) },
      })),
    },
  };
}

export type WantsLoader = typeof loader;

const cents = (dollars: number | undefined) => (dollars === undefined ? null : Math.round(dollars * 100));

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await clubAccessForAction(request, context, params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "joinSwapDay");
  const submission = parseWithZod(await request.formData(), { schema: WantsSchema });
  if (submission.status !== "success") return json<WantsActionData>({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const result = await saveWants(context.db, access!, params.id ?? "", form.itemId, {
    wants: wantsOf(form),
    addUpToCents: cents(form.addUpTo),
    needBackCents: cents(form.needBack),
  });
  if (!result.ok) {
    if (result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
    // Someone else's item, or another event's, is a row this member may not see: the same 404 as the page.
    if (result.error === "notFound") throw clubNotFound();
    return json<WantsActionData>({ result: submission.reply({ formErrors: [SWAP_WANTS_TEXT.notOpen] }) }, { status: 409 });
  }
  const here = `/club/${club.slug}/swap-days/${params.id}/wants?item=${form.itemId}`;
  return redirectWithToast(
    context,
    here,
    { variant: "success", title: SWAP_WANTS_TEXT.saved, description: SWAP_WANTS_TEXT.savedHint(result.saved) },
    { status: 303 },
  );
}

export default function SwapDayWantsRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<WantsActionData>();
  return <WantListForm {...data} lastResult={actionData} />;
}
