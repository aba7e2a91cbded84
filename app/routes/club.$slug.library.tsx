// /club/{slug}/library — the members' Library (ADR 093): a route of its own (signed-in budget, ADR 033), not a tab
// of the visitor club page. Items, sizes and availability; only the viewer's own requests and loans.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { SubmitButton } from "~/components/ui/status-button";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { requestToBorrow, withdrawBorrowRequest } from "~/features/club-gear/library.server";
import { getMemberLibrary } from "~/features/club-gear/reads.server";
import { GEAR_DONE, GEAR_ERRORS, GEAR_TEXT } from "~/shared/copy/club-gear";
import { GearBorrowSchema } from "~/shared/schemas/club-gear";
import { clubAccessForAction, requireClubPage, requireClubPermission } from "~/web/guards.server";
import { clubCan } from "~/features/permissions/club";
import { getUser } from "~/web/session.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Members only; anyone else 404 (ADR 097).
  const access = requireClubPage(await getClubAccess(context.db, await getUser(request, context), params.slug ?? ""), "viewLibrary");
  const library = await getMemberLibrary(context.db, access);
  return {
    club: { slug: access.club.slug, name: access.club.name },
    ...library,
    requestId: crypto.randomUUID(),
    text: GEAR_TEXT,
    keepsGear: clubCan(access, "manageGear"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireClubPermission(context, await clubAccessForAction(request, context, params.slug ?? ""), "borrowGear");
  const submission = parseWithZod(await request.formData(), { schema: GearBorrowSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), done: null }, { status: 400 });
  const form = submission.value;
  const result =
    form.intent === "request"
      ? await requestToBorrow(context.db, access, {
          id: form.id,
          itemId: form.itemId,
          size: form.size,
          period: form.period,
          fromDate: form.period === "dates" ? (form.fromDate ?? null) : null,
          toDate: form.period === "dates" ? (form.toDate ?? null) : null,
        })
      : await withdrawBorrowRequest(context.db, access, form.requestId);
  if (!result.ok) return json({ result: submission.reply({ formErrors: [GEAR_ERRORS[result.error]] }), done: null }, { status: 409 });
  return json({
    result: submission.reply({ resetForm: true }),
    done: form.intent === "request" ? GEAR_DONE.requested : GEAR_DONE.withdrawn,
  });
}

export default function LibraryPage() {
  const { club, items, requests, loans, requestId, text, keepsGear } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const errors = data?.result.error?.[""] ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">
        {text.libraryTitle} — {club.name}
      </h1>
      <p className="text-slate-700">{text.intro}</p>
      {keepsGear ? (
        <Link to={`/club/${club.slug}/manage/library`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {text.keeperTitle}: loans, check-in, inventory
        </Link>
      ) : null}
      <div role="status" aria-live="polite">
        {data?.done ? <p className="font-medium text-green-800">{data.done}</p> : null}
        {errors.map((e) => (
          <p key={e} className="font-medium text-red-700">
            {e}
          </p>
        ))}
      </div>
      {loans.length || requests.length ? (
        <Card as="section" padding="md" aria-labelledby="mine">
          <h2 id="mine" className="mb-2 text-lg font-semibold">
            Yours
          </h2>
          <ul className="space-y-2">
            {loans.map((l) => (
              <li key={l.unitCode}>
                {l.title} size {l.size} ({l.unitCode}) — due {new Date(l.dueAt).toISOString().slice(0, 10)}
                {l.overdue ? <strong className="ml-2 text-red-700">Overdue</strong> : null}
              </li>
            ))}
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3">
                {r.title} size {r.size}: number {r.position} in the queue
                <Form method="post">
                  <input type="hidden" name="requestId" value={r.id} />
                  <SubmitButton name="intent" value="withdraw" tone="danger" pendingText="Saving...">
                    Withdraw
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {items.map((item) => (
        <Card as="section" padding="md" key={item.id} aria-labelledby={`item-${item.id}`}>
          <h2 id={`item-${item.id}`} className="text-lg font-semibold">
            {item.title}
          </h2>
          <p className="text-sm text-slate-600">
            {item.equipmentType} · {item.condition}
          </p>
          <ul className="mt-2 divide-y divide-slate-200">
            {item.sizes.map((s) => (
              <li key={s.rank} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span>
                  Size {s.size}: {s.free} of {s.units} free{s.waiting ? `, ${s.waiting} waiting` : ""}
                </span>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="id" value={requestId} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="size" value={s.size} />
                  <input type="hidden" name="period" value="season" />
                  <SubmitButton name="intent" value="request" pendingText="Sending...">
                    Request to borrow
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
