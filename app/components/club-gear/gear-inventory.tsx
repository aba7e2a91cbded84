// The inventory at a glance (ADR 097): counts by sport, type and size (in, out, overdue, retired), the usage per
// season (units lent at least once in it), and the CSV download — a resource route, so a plain link.
import { Card } from "~/components/ui/card";
import type { InventoryRow, SeasonUsage } from "~/features/club-gear/inventory.server";
import { SPORT_NAMES } from "~/shared/catalog/sport-names";
import { GEAR_KEEPER_TEXT as T } from "~/shared/copy/club-gear";

const cell = "px-2 py-1.5 text-right tabular-nums";

export function GearInventory({ csvHref, counts, usage }: { csvHref: string; counts: InventoryRow[]; usage: SeasonUsage[] }) {
  return (
    <div className="space-y-5">
      <Card as="section" padding="md" aria-labelledby="inventory-heading" className="space-y-3">
        <h2 id="inventory-heading" className="text-lg font-semibold">
          {T.inventoryHeading}
        </h2>
        {/* A table scrolls inside its card on a phone, never the page. */}
        <div
          className="overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-label="Counts by sport, type and size"
        >
          <table className="w-full min-w-[28rem] text-sm" data-testid="inventory">
            <thead className="border-b border-slate-300 text-left">
              <tr>
                <th scope="col" className="px-2 py-1.5">
                  Sport · type
                </th>
                <th scope="col" className="px-2 py-1.5">
                  Size
                </th>
                <th scope="col" className={cell}>
                  In
                </th>
                <th scope="col" className={cell}>
                  Out
                </th>
                <th scope="col" className={cell}>
                  Overdue
                </th>
                <th scope="col" className={cell}>
                  Retired
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {counts.map((r) => (
                <tr key={`${r.sport}|${r.equipmentType}|${r.size}`}>
                  <th scope="row" className="px-2 py-1.5 text-left font-normal">
                    {SPORT_NAMES[r.sport as keyof typeof SPORT_NAMES]?.name ?? r.sport} · {r.equipmentType}
                  </th>
                  <td className="px-2 py-1.5">{r.size}</td>
                  <td className={cell}>{r.in}</td>
                  <td className={cell}>{r.out}</td>
                  <td className={`${cell} ${r.overdue ? "font-bold text-red-700" : ""}`}>{r.overdue}</td>
                  <td className={cell}>{r.retired}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <a href={csvHref} download className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {T.csv}
        </a>
      </Card>
      <Card as="section" padding="md" aria-labelledby="usage-heading">
        <h2 id="usage-heading" className="mb-2 text-lg font-semibold">
          {T.usageHeading}
        </h2>
        {usage.length === 0 ? <p className="text-slate-600">{T.usageNone}</p> : null}
        <ul className="space-y-1" data-testid="usage">
          {usage.map((u) => (
            <li key={u.season}>
              {u.season}: {u.unitsLent} of {u.units} units lent ({Math.round(u.share * 100)}%)
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
