import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/field";
import { markPromptsSeen, receivedGearOf } from "~/features/families/outgrown.server";
import { playerOf } from "~/features/families/players.server";
import { sportName } from "~/shared/catalog/sport-names";
import { pageMeta } from "~/web/meta";
import { nextSizeOf, saveNextSizeSearch } from "~/web/outgrown.server";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

// 'Outgrown anything?' (ADR 091): the gear this guardian got through LockerSwap, each with 'List it'
// (the listing form pre-filled) and 'Find the next size' (a saved search). One of the viewer's own
// players only — another id is a 404. Opening it marks the player's prompts seen.

export const meta: MetaFunction = () => pageMeta("Outgrown anything? — LockerSwap", "Pass on what no longer fits and find the next size.");

const NextSizeSchema = z.object({ intent: z.literal("nextSize"), item: z.string({ error: "Choose an item" }).min(1).max(100) });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const player = await playerOf(context.db, viewer, params.playerId ?? "");
  if (!player) throw data({ notFound: true }, { status: 404 });
  const [items] = await Promise.all([receivedGearOf(context.db, viewer), markPromptsSeen(context.db, viewer, player.id)]);
  return data(
    {
      firstName: player.firstName,
      items: items.map((item) => {
        const next = nextSizeOf(item);
        return {
          id: item.dealListingId,
          title: item.title,
          line: [
            item.sport ? sportName(item.sport) : null,
            item.equipmentType,
            item.brand,
            item.sizeNumeric ? `size ${item.sizeNumeric}` : null,
          ]
            .filter(Boolean)
            .join(" · "),
          listHref: `/list-item?${new URLSearchParams({ outgrown: item.dealListingId })}`,
          nextSize: next ? `Find size ${next}` : null,
        };
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const player = await playerOf(context.db, viewer, params.playerId ?? "");
  if (!player) throw data({ notFound: true }, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: NextSizeSchema });
  if (submission.status !== "success") return data({ error: "Choose an item from the list" }, { status: 400 });
  const saved = await saveNextSizeSearch(context.db, viewer, submission.value.item);
  if (!saved.ok) {
    const error =
      saved.reason === "limit"
        ? "You have 25 saved searches: remove one on Saved searches first"
        : saved.reason === "no_next_size"
          ? "This item has no size we can step up from"
          : "Choose an item from the list";
    return data({ error }, { status: 400 });
  }
  return redirectWithToast(context, "/saved-searches", {
    title: "Saved: the next size",
    description: "We will tell you when it is listed near you.",
    variant: "success",
  });
}

export default function OutgrownPage() {
  const { firstName, items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Link to="/player-profile#family" className="text-sm font-medium text-brand-700 underline">
        Back to your family
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Outgrown anything?</h1>
      <p className="text-slate-600">
        The gear you got through LockerSwap. List what {firstName} has outgrown, or have us look for the next size.
      </p>
      <ErrorList errors={actionData && "error" in actionData ? [actionData.error] : null} />
      {items.length === 0 ? (
        <Card padding="lg">
          <p className="text-slate-600">Nothing yet: gear you buy or swap on LockerSwap shows here.</p>
        </Card>
      ) : (
        <ul className="space-y-3" data-testid="outgrown-items">
          {items.map((item) => (
            <li key={item.id}>
              <Card padding="md" className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-semibold text-slate-900">{item.title}</p>
                  <p className="text-sm text-slate-600">{item.line}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <ButtonLink to={item.listHref} size="sm">
                    List it
                  </ButtonLink>
                  {item.nextSize ? (
                    <Form method="post">
                      <input type="hidden" name="item" value={item.id} />
                      <Button type="submit" name="intent" value="nextSize" variant="secondary" size="sm">
                        {item.nextSize}
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
