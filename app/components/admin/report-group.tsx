// One group of open reports in the moderation queue (/admin/reports, ADR 069): what was reported,
// in context, who is involved and their history, and the moderator's actions. Every action is a
// plain POST form (the remove and delete confirmations open in place without JavaScript).
import { getFormProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SelectField } from "~/components/ui/forms";
import { useLazyForm } from "~/components/forms/lazy-form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import type { ReportReason } from "#db/schema/enums";
import type { HistoryAction, HistoryReport, ReportGroup } from "~/features/moderation/moderation-queue.server";
import type { TargetContext } from "~/features/moderation/report-context.server";
import type { FieldConstraint } from "~/shared/form-constraint";
import { REPORT_REASON_LABELS, REPORT_TARGET_LABELS, SUSPENSION_LENGTH_LABELS, SUSPENSION_LENGTHS } from "~/shared/copy/safety";
import { formatDate, formatPrice } from "~/shared/format";
import type { ModerationAction } from "~/shared/schemas/moderation";

/** A group as the loader sends it: the listing's thumbnail as a URL. */
export type QueueGroup = ReportGroup & { thumbUrl: string | null };
export type ModerationConstraints = Record<"warn" | "suspend", Record<string, FieldConstraint>>;
/** A refused form comes back with its submission, for the group and intent it was posted from. */
export type ModerationReply = { formId: string; result: SubmissionResult<string[]> } | undefined;

const REASON_OPTIONS = Object.entries(REPORT_REASON_LABELS).map(([value, label]) => ({ value, label }));
const LENGTH_OPTIONS = SUSPENSION_LENGTHS.map((value) => ({ value, label: SUSPENSION_LENGTH_LABELS[value] }));
const REMOVABLE = new Set(["listing", "listing_message", "club_message", "direct_message", "item_request", "club"]);

const when = (iso: string) => `${iso.replace("T", " ").slice(0, 16)} UTC`;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function titleOf(group: QueueGroup): string {
  const c = group.context;
  switch (c.kind) {
    case "listing":
    case "item_request":
      return c.title;
    case "club":
      return c.name;
    case "user":
      return c.person.name;
    case "deal":
      return c.listingTitle ? `Deal for ${c.listingTitle}` : "Deal";
    case "messages":
      return c.where;
    case "gone":
      return "No longer on LockerSwap";
  }
}

export function ReportGroupCard({
  group,
  constraints,
  reply,
}: {
  group: QueueGroup;
  constraints: ModerationConstraints;
  reply: ModerationReply;
}) {
  const headingId = `group-${group.targetType}-${group.targetId}`;
  const target = { targetType: group.targetType, targetId: group.targetId };
  const mainReason = group.reasons[0]?.reason ?? "other";
  return (
    <article
      aria-labelledby={headingId}
      data-testid="report-group"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {capitalised(REPORT_TARGET_LABELS[group.targetType])}: {titleOf(group)}
        </h2>
        <p className="text-sm text-slate-700">
          <span data-testid="report-count">
            {group.count} {group.count === 1 ? "report" : "reports"}
          </span>{" "}
          · latest {when(group.latestAt)}
        </p>
        <ul aria-label="Reasons" className="flex flex-wrap gap-2">
          {group.reasons.map((r) => (
            <li key={r.reason} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {REPORT_REASON_LABELS[r.reason]} × {r.count}
            </li>
          ))}
        </ul>
        {group.latestDetails ? (
          <p className="text-sm text-slate-800">
            <span className="font-medium">Latest details:</span> {group.latestDetails}
          </p>
        ) : null}
      </header>

      <Section title="Reported content">
        <ContextView context={group.context} thumbUrl={group.thumbUrl} excerpt={group.excerpt} />
      </Section>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Reports">
          <ul className="space-y-1 text-sm">
            {group.reports.map((r) => (
              <li key={r.id}>
                {REPORT_REASON_LABELS[r.reason]} by {r.reporterEmail ?? "a deleted account"} · {formatDate(r.createdAt, "short")}
                {r.details ? <span className="block text-slate-600">“{r.details}”</span> : null}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Person">
          {group.person ? (
            <p className="text-sm">
              {group.person.name} ({group.person.email})
              {group.person.suspension ? (
                <span className="block font-medium text-red-800">
                  Suspended {group.person.suspension.endsAt ? `until ${formatDate(group.person.suspension.endsAt)}` : "until lifted"} (
                  {REPORT_REASON_LABELS[group.person.suspension.reason]})
                </span>
              ) : null}
            </p>
          ) : (
            <p className="text-sm text-slate-600">No account (deleted or none).</p>
          )}
        </Section>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Earlier reports about them">
          <ReportHistory rows={group.history.aboutPerson} />
        </Section>
        <Section title="Earlier reports by the reporters">
          <ReportHistory rows={group.history.byReporters} />
        </Section>
        <Section title="Moderation of this person">
          <ActionHistory rows={group.history.actionsOnPerson} />
        </Section>
        {group.history.clubActions.length ? (
          <Section title="What the club's moderators did">
            <ActionHistory rows={group.history.clubActions} />
          </Section>
        ) : null}
      </div>

      <div role="group" aria-label="Actions" className="flex flex-wrap items-start gap-3 border-t border-slate-200 pt-4">
        <ButtonForm intent="dismiss" fields={target} label="Dismiss" pendingText="Dismissing..." />
        {REMOVABLE.has(group.targetType) ? (
          <ConfirmDialog
            trigger="Remove"
            triggerVariant="danger-outline"
            title={`Remove this ${REPORT_TARGET_LABELS[group.targetType]}?`}
            description={
              group.targetType === "listing"
                ? "The listing and its photos are deleted for everyone; its open deals end. It cannot be undone."
                : group.targetType === "club"
                  ? "The club is deleted with its memberships, messages and requests. It cannot be undone."
                  : "It is deleted for everyone. It cannot be undone."
            }
            confirmLabel="Remove"
            pendingLabel="Removing..."
            fields={{ intent: "remove", ...target }}
          />
        ) : null}
        {group.person ? (
          <>
            <PersonForm intent="warn" group={group} constraints={constraints} reply={reply} mainReason={mainReason} />
            <PersonForm intent="suspend" group={group} constraints={constraints} reply={reply} mainReason={mainReason} />
            <ConfirmDialog
              trigger="Delete account"
              triggerVariant="danger-outline"
              title={`Delete ${group.person.email}?`}
              description="The account goes with its listings, photos, messages and memberships; every open report about them is closed. It cannot be undone."
              confirmLabel="Delete account"
              pendingLabel="Deleting..."
              fields={{ intent: "deleteAccount", ...target }}
            />
            {group.person.suspension ? (
              <ButtonForm
                intent="lift"
                fields={{ suspensionId: group.person.suspension.id }}
                label="Lift suspension"
                pendingText="Lifting..."
              />
            ) : null}
          </>
        ) : null}
      </div>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function ContextView({ context, thumbUrl, excerpt }: { context: TargetContext; thumbUrl: string | null; excerpt: string | null }) {
  switch (context.kind) {
    case "listing":
      return (
        <div className="flex gap-3 text-sm">
          {thumbUrl ? <img src={thumbUrl} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" /> : null}
          <div>
            <Link to={`/listing/${context.id}`} className="font-medium text-brand-700 underline underline-offset-2">
              {context.title}
            </Link>
            <p>
              {formatPrice(context.priceCents)} · {context.status}
            </p>
            <p>
              Listed by {context.owner.name} ({context.owner.email})
            </p>
          </div>
        </div>
      );
    case "messages":
      return (
        <div className="text-sm">
          <p className="font-medium">
            {context.href ? (
              <Link to={context.href} className="text-brand-700 underline underline-offset-2">
                {context.where}
              </Link>
            ) : (
              context.where
            )}
          </p>
          <ol className="mt-1 space-y-1">
            {context.messages.map((m) => (
              <li key={m.id} className={m.reported ? "rounded border-l-4 border-red-600 bg-red-50 px-2 py-1" : "px-2 py-1 text-slate-700"}>
                <span className="font-medium">{m.authorName}</span> <span className="text-xs text-slate-600">{when(m.createdAt)}</span>
                {m.reported ? <span className="ml-1 text-xs font-semibold text-red-800">(reported)</span> : null}
                <span className="block whitespace-pre-wrap break-words">{m.content}</span>
              </li>
            ))}
          </ol>
        </div>
      );
    case "item_request":
      return (
        <p className="text-sm">
          Request in{" "}
          <Link to={`/club/${context.club.slug}`} className="text-brand-700 underline underline-offset-2">
            {context.club.name}
          </Link>
          : <span className="font-medium">{context.title}</span> ({context.status})
          {context.description ? <span className="block text-slate-700">{context.description}</span> : null}
        </p>
      );
    case "deal":
      return (
        <p className="text-sm">
          <Link to={`/deals/${context.id}`} className="text-brand-700 underline underline-offset-2">
            {context.listingTitle ? `Deal for ${context.listingTitle}` : "Deal"}
          </Link>{" "}
          — {context.state}. Buyer: {context.proposer ? `${context.proposer.name} (${context.proposer.email})` : "a former member"}; owner:{" "}
          {context.owner ? `${context.owner.name} (${context.owner.email})` : "a former member"}.
        </p>
      );
    case "club":
      return (
        <p className="text-sm">
          <Link to={`/club/${context.slug}`} className="font-medium text-brand-700 underline underline-offset-2">
            {context.name}
          </Link>{" "}
          · {context.visibility} · {context.members} members · owner {context.owner ? context.owner.email : "none"}
        </p>
      );
    case "user":
      return (
        <p className="text-sm">
          <Link to={`/player-profile?user=${context.person.id}`} className="text-brand-700 underline underline-offset-2">
            {context.person.name}
          </Link>{" "}
          ({context.person.email})
        </p>
      );
    case "gone":
      return (
        <p className="text-sm text-slate-700">
          It is no longer on LockerSwap.{excerpt ? <span className="block">As reported: “{excerpt}”</span> : null}
        </p>
      );
  }
}

function ReportHistory({ rows }: { rows: HistoryReport[] }) {
  if (!rows.length) return <p className="text-sm text-slate-600">None.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {rows.map((r) => (
        <li key={r.id}>
          {capitalised(REPORT_TARGET_LABELS[r.targetType])}, {REPORT_REASON_LABELS[r.reason]} · {formatDate(r.createdAt, "short")} ·{" "}
          {r.status === "open" ? "open" : (r.outcome ?? "closed").replace(/_/g, " ")}
        </li>
      ))}
    </ul>
  );
}

function ActionHistory({ rows }: { rows: HistoryAction[] }) {
  if (!rows.length) return <p className="text-sm text-slate-600">None.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {rows.map((a) => (
        <li key={a.id}>
          {capitalised(a.action.replace(/_/g, " "))}: {a.targetLabel} · by {a.actorEmail} · {formatDate(a.createdAt, "short")}
          {a.reason && a.reason in REPORT_REASON_LABELS ? ` (${REPORT_REASON_LABELS[a.reason as ReportReason]})` : ""}
        </li>
      ))}
    </ul>
  );
}

function ButtonForm({
  intent,
  fields,
  label,
  pendingText,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  pendingText: string;
}) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton pending={pending} pendingText={pendingText} tone="secondary">
        {label}
      </SubmitButton>
    </Form>
  );
}

/** Warn or suspend: the person the reports name, for a reason category (and a length). */
function PersonForm({
  intent,
  group,
  constraints,
  reply,
  mainReason,
}: {
  intent: "warn" | "suspend";
  group: QueueGroup;
  constraints: ModerationConstraints;
  reply: ModerationReply;
  mainReason: ReportReason;
}) {
  type Values = Extract<ModerationAction, { intent: typeof intent }>;
  const id = `${intent}-${group.targetType}-${group.targetId}`;
  const validation = useLazyValidation(() =>
    import("./moderation-validators").then(
      (module) => module.validateModerationAction as unknown as (formData: FormData) => Submission<Values>,
    ),
  );
  const [form, fields, engine] = useLazyForm<Values>({
    id,
    lastResult: reply?.formId === id ? reply.result : undefined,
    constraint: constraints[intent],
    defaultValue: { reason: mainReason, ...(intent === "suspend" ? { length: "7" } : {}) } as never,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending({ intent });
  const f = fields as unknown as Record<"reason" | "length", Parameters<typeof SelectField>[0]["field"]>;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onInput={validation.onInput}
      onFocus={validation.onFocus}
      className="flex flex-wrap items-end gap-2"
    >
      {engine}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="targetType" value={group.targetType} />
      <input type="hidden" name="targetId" value={group.targetId} />
      <SelectField label={intent === "warn" ? "Warning reason" : "Suspension reason"} field={f.reason} options={REASON_OPTIONS} />
      {intent === "suspend" ? <SelectField label="Suspend for" field={f.length} options={LENGTH_OPTIONS} /> : null}
      <SubmitButton pending={pending} pendingText={intent === "warn" ? "Warning..." : "Suspending..."} tone="secondary">
        {intent === "warn" ? "Warn" : "Suspend"}
      </SubmitButton>
    </Form>
  );
}
