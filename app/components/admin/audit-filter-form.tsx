// The audit log view's filters (/admin?tab=audit, ADR 069): a GET form, so a filtered view is a
// link and works without JavaScript. Empty fields do not filter.
import { Form } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";

type Filter = { actor?: string; action?: string; targetType?: string; targetId?: string };

export function AuditFilterForm({
  filter,
  actions,
  actionLabels,
  targetTypes,
}: {
  filter: Filter;
  actions: readonly string[];
  actionLabels: Record<string, string>;
  targetTypes: readonly string[];
}) {
  const filtered = Object.values(filter).some(Boolean);
  return (
    <Form method="get" role="search" aria-label="Filter the audit log" className="grid items-end gap-2 sm:grid-cols-2 lg:grid-cols-5">
      <input type="hidden" name="tab" value="audit" />
      <div>
        <Label htmlFor="audit-actor">Admin</Label>
        <Input
          id="audit-actor"
          name="actor"
          type="search"
          maxLength={320}
          defaultValue={filter.actor ?? ""}
          placeholder="E-mail or id"
          className="mt-1 block w-full"
        />
      </div>
      <div>
        <Label htmlFor="audit-action">Action</Label>
        <Select id="audit-action" name="action" defaultValue={filter.action ?? ""} className="mt-1 block w-full">
          <option value="">Any action</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionLabels[a] ?? a}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="audit-target-type">Target type</Label>
        <Select id="audit-target-type" name="targetType" defaultValue={filter.targetType ?? ""} className="mt-1 block w-full">
          <option value="">Any type</option>
          {targetTypes.map((t) => (
            <option key={t} value={t}>
              {t.replace(/_/g, " ")}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="audit-target">Target</Label>
        <Input
          id="audit-target"
          name="targetId"
          type="search"
          maxLength={320}
          defaultValue={filter.targetId ?? ""}
          placeholder="Id, e-mail or name"
          className="mt-1 block w-full"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Filter</Button>
        {filtered ? (
          <ButtonLink to="/admin?tab=audit" variant="secondary">
            Clear
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}
