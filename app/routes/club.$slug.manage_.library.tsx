// /club/{slug}/manage/library — the keepers' Gear Library (ADR 097, the model ADR 093): for the owner, admins and
// equipment managers (the club table's manageGear). Tabs are URL state (?tab=), as on the club page: loans and the
// queue (overdue first), the check-in screen, the items, the inventory with its CSV. Everyone else gets 404.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GearCheckIn } from "~/components/club-gear/gear-check-in";
import { GearDesk } from "~/components/club-gear/gear-desk";
import { GearInventory } from "~/components/club-gear/gear-inventory";
import { GearItems } from "~/components/club-gear/gear-items";

import { getClubAccess } from "~/features/clubs/club-access.server";
import { getInventory } from "~/features/club-gear/inventory.server";
import { addGearItem, addGearUnits, declineBorrowRequest, retireGearUnit } from "~/features/club-gear/library.server";
import { checkInGear, checkOutGear, dueAtOf, seasonLastDay } from "~/features/club-gear/loans.server";
import { getKeeperLibrary } from "~/features/club-gear/reads.server";
import { GEAR_DONE, GEAR_ERRORS, GEAR_KEEPER_TEXT, GEAR_TEXT } from "~/shared/copy/club-gear";
import { GearKeeperSchema, type GearKeeperActionData } from "~/shared/schemas/club-gear";
import { clubAccessForAction, requireClubPage, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

const TABS = ["desk", "check-in", "items", "inventory"] as const;
export type GearTab = (typeof TABS)[number];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${GEAR_TEXT.keeperTitle} — ${data.club.name} — LockerSwap` : "Club not found — LockerSwap" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = requireClubPage(await getClubAccess(context.db, await getUser(request, context), params.slug ?? ""), "manageGear");
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: GearTab = (TABS as readonly string[]).includes(requested ?? "") ? (requested as GearTab) : "desk";
  const now = new Date();
  const [library, inventory] = await Promise.all([
    getKeeperLibrary(context.db, access, now),
    tab === "inventory" ? getInventory(context.db, access, now) : null,
  ]);
  return {
    club: { slug: access.club.slug, name: access.club.name },
    tab,
    loans: library.loans,
    // One loan id per waiting request: a retry of one check-out lends once, and two rows never share an id.
    queue: library.queue.map((r) => ({ ...r, loanId: crypto.randomUUID() })),
    items: library.items,
    inventory,
    ids: { item: crypto.randomUUID(), swapRequest: crypto.randomUUID(), swapLoan: crypto.randomUUID() },
    defaultDueOn: seasonLastDay(now),
    today: now.toISOString().slice(0, 10),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireClubPermission(context, await clubAccessForAction(request, context, params.slug ?? ""), "manageGear");
  const formData = await request.formData();
  // Which form answered: its errors and values go back to it, not to its neighbours.
  const formId = String(formData.get("formId") ?? "").slice(0, 80);
  const submission = parseWithZod(formData, { schema: GearKeeperSchema });
  if (submission.status !== "success") {
    return json<GearKeeperActionData>({ form: formId, result: submission.reply(), done: null }, { status: 400 });
  }
  const form = submission.value;
  const db = context.db;
  const refused = (error: keyof typeof GEAR_ERRORS) =>
    json<GearKeeperActionData>(
      { form: formId, result: submission.reply({ formErrors: [GEAR_ERRORS[error]] }), done: null },
      { status: 409 },
    );
  const done = (text: string) => json<GearKeeperActionData>({ form: formId, result: submission.reply({ resetForm: true }), done: text });
  switch (form.intent) {
    case "add-item": {
      const { intent: _intent, notes, ...item } = form;
      const r = await addGearItem(db, access, { ...item, notes: notes ?? null });
      return r.ok ? done(GEAR_DONE.itemAdded) : refused(r.error);
    }
    case "add-units": {
      const r = await addGearUnits(db, access, { itemId: form.itemId, size: form.size, count: form.count });
      return r.ok ? done(GEAR_DONE.unitsAdded) : refused(r.error);
    }
    case "check-out": {
      const dueAt = dueAtOf(form.dueOn);
      if (dueAt.getTime() <= Date.now()) {
        return json<GearKeeperActionData>(
          { form: formId, result: submission.reply({ fieldErrors: { dueOn: [GEAR_TEXT.dueInPast] } }), done: null },
          { status: 400 },
        );
      }
      const r = await checkOutGear(db, access, {
        loanId: form.loanId,
        requestId: form.requestId,
        unitCode: form.unitCode ?? null,
        dueAt,
        conditionOut: form.conditionOut ?? null,
        deposit: form.deposit ?? null,
      });
      return r.ok ? done(GEAR_DONE.checkedOut(r.unitCode)) : refused(r.error);
    }
    case "check-in": {
      const r = await checkInGear(db, access, {
        unitCode: form.unitCode,
        conditionIn: form.conditionIn,
        damageNotes: form.damageNotes ?? null,
        swapUp: form.swapUp ? { requestId: form.swapRequestId, loanId: form.swapLoanId, dueAt: dueAtOf(seasonLastDay()) } : null,
      });
      if (!r.ok) return refused(r.error);
      const swap = r.swap;
      const text = !swap
        ? GEAR_DONE.checkedIn
        : "lent" in swap
          ? GEAR_DONE.swapLent(swap.lent)
          : "queued" in swap
            ? GEAR_DONE.swapQueued
            : GEAR_DONE.noNextSize;
      return done(`${form.unitCode}: ${text}`);
    }
    case "decline": {
      const r = await declineBorrowRequest(db, access, form.requestId);
      return r.ok ? done(GEAR_DONE.declined) : refused(r.error);
    }
    case "retire": {
      const r = await retireGearUnit(db, access, form.unitCode);
      return r.ok ? done(GEAR_DONE.retired) : refused(r.error);
    }
  }
}

export default function GearLibraryPage() {
  const data = useLoaderData<typeof loader>();
  const last = useActionData<typeof action>();
  const { club, tab } = data;
  const overdue = data.loans.filter((l) => l.overdue).length;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <Link to={`/club/${club.slug}/manage`} className="text-sm font-medium text-brand-700 underline">
        Back to Manage {club.name}
      </Link>
      <h1 className="text-2xl font-bold">
        {GEAR_TEXT.keeperTitle} — {club.name}
      </h1>
      {overdue ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-800" data-testid="overdue-banner">
          {GEAR_KEEPER_TEXT.overdueBanner(overdue)}
          {tab === "desk" ? null : (
            <>
              {" "}
              <Link to="?tab=desk" className="underline">
                See them
              </Link>
            </>
          )}
        </p>
      ) : null}
      <nav aria-label="Gear Library sections">
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
          {TABS.map((key) => (
            <li key={key}>
              <Link
                to={key === "desk" ? "." : `?tab=${key}`}
                preventScrollReset
                aria-current={key === tab ? "page" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold ${
                  key === tab ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {GEAR_KEEPER_TEXT.tabs[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {last?.done ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-lg font-semibold text-green-800">
          {last.done}
        </p>
      ) : null}
      <section aria-label={GEAR_KEEPER_TEXT.tabs[tab]}>
        {tab === "desk" ? (
          <GearDesk loans={data.loans} queue={data.queue} defaultDueOn={data.defaultDueOn} today={data.today} last={last} />
        ) : null}
        {tab === "check-in" ? <GearCheckIn ids={data.ids} last={last} /> : null}
        {tab === "items" ? <GearItems items={data.items} itemId={data.ids.item} last={last} /> : null}
        {tab === "inventory" && data.inventory ? (
          <GearInventory csvHref={`/club/${club.slug}/manage/library.csv`} counts={data.inventory.counts} usage={data.inventory.usage} />
        ) : null}
      </section>
    </div>
  );
}
