// The Manage Group page's members list and its row buttons (spec 02 §2 Manage; the equipment manager role is
// ADR 093). Which buttons a row shows follows the member's role; whether the viewer may is the action's to judge.
import { Form } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { CLUB_MEMBER_ROLE_LABELS } from "~/shared/catalog/member-roles";
import type { ClubMemberRole } from "~/shared/catalog/options";
import type { ClubManageIntent } from "~/shared/schemas/club-manage";

export function RowButton({
  intent,
  memberId,
  label,
  tone,
}: {
  intent: ClubManageIntent;
  memberId: string;
  label: string;
  tone?: "danger";
}) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post">
      <input type="hidden" name="memberId" value={memberId} />
      <SubmitButton name="intent" value={intent} pending={pending} tone={tone} pendingText="Saving...">
        {label}
      </SubmitButton>
    </Form>
  );
}

export function ClubMembersCard({ members }: { members: { membershipId: string; name: string; role: ClubMemberRole }[] }) {
  return (
    <Card as="section" padding="md" aria-labelledby="members-heading">
      <h2 id="members-heading" className="mb-3 text-lg font-semibold">
        Members
      </h2>
      <ul className="divide-y divide-slate-200">
        {members.map((m) => (
          <li key={m.membershipId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="member-row">
            <span className="min-w-0 font-medium text-slate-900">
              {m.name} <span className="text-sm font-normal text-slate-600">({CLUB_MEMBER_ROLE_LABELS[m.role]})</span>
            </span>
            {m.role === "owner" ? null : (
              <div className="flex flex-wrap gap-2">
                {m.role === "admin" ? null : <RowButton intent="promote" memberId={m.membershipId} label="Promote to admin" />}
                {m.role === "member" ? (
                  <RowButton intent="make-equipment-manager" memberId={m.membershipId} label="Make equipment manager" />
                ) : (
                  <RowButton intent="demote" memberId={m.membershipId} label="Make member" />
                )}
                <RowButton intent="remove" memberId={m.membershipId} label="Remove" tone="danger" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
