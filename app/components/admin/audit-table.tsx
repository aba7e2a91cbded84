// The site admin's Audit Log tab (spec 02 §7, ADR 069): every admin and club-moderator action,
// newest first, filterable by who, what and target; entries cannot be edited or removed.
import type { AuditLogFilter, listAuditLog } from "~/features/admin/admin.server";
import type { AuditAction, AuditTargetType } from "#db/schema";
import { REPORT_REASON_LABELS } from "~/shared/copy/safety";
import { AuditFilterForm } from "./audit-filter-form";
import { Pager, Table } from "./dashboard-parts";

type AuditRow = Awaited<ReturnType<typeof listAuditLog>>["rows"][number];
/** The tab's data as the loader sends it (dates as ISO strings). */
export type AuditTableData = {
  total: number;
  rows: (Omit<AuditRow, "createdAt"> & { createdAt: string })[];
  filter: AuditLogFilter;
  actions: readonly AuditAction[];
  targetTypes: readonly AuditTargetType[];
};

const AUDIT_ACTION_LABELS: Record<string, string> = {
  delete_user: "Deleted user",
  delete_club: "Deleted club",
  delete_listing: "Deleted listing",
  delete_message: "Removed message",
  delete_item_request: "Removed request",
  dismiss_report: "Dismissed reports",
  warn_user: "Warned user",
  suspend_user: "Suspended user",
  lift_suspension: "Lifted suspension",
  remove_member: "Removed member",
};

export function AuditTable({ audit, page }: { audit: AuditTableData; page: number }) {
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
        Audit Log
      </h2>
      <p className="text-sm text-slate-600">Every admin action, newest first. Entries cannot be edited or removed.</p>
      <AuditFilterForm filter={audit.filter} actions={audit.actions} actionLabels={AUDIT_ACTION_LABELS} targetTypes={audit.targetTypes} />
      {audit.rows.length === 0 ? (
        <p className="text-slate-600">No admin actions match.</p>
      ) : (
        <Table caption="Audit log" head={["When", "Who", "What", "Target", "Reason"]}>
          {audit.rows.map((a) => (
            <tr key={a.id}>
              <td className="whitespace-nowrap px-3 py-2">{new Date(a.createdAt).toISOString().replace("T", " ").slice(0, 16)} UTC</td>
              <td className="px-3 py-2">{a.actorEmail}</td>
              <td className="px-3 py-2">{AUDIT_ACTION_LABELS[a.action] ?? a.action}</td>
              <td className="px-3 py-2">
                {a.targetLabel}
                <span className="block text-xs text-slate-600">
                  {a.targetType} {a.targetId}
                  {a.clubId ? " · by the club's moderators" : ""}
                </span>
              </td>
              <td className="px-3 py-2">
                {a.reason ? (REPORT_REASON_LABELS[a.reason as keyof typeof REPORT_REASON_LABELS] ?? a.reason) : "—"}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager
        total={audit.total}
        page={page}
        extra={{ tab: "audit", ...Object.fromEntries(Object.entries(audit.filter).filter((e): e is [string, string] => Boolean(e[1]))) }}
      />
    </section>
  );
}
