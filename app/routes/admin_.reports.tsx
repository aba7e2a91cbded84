import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ReportGroupCard, type ModerationConstraints } from "~/components/admin/report-group";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { photoUrl } from "~/features/photos/urls";
import { finishPhotoDeletes } from "~/features/photos/ledger.server";
import { disconnectEverywhere } from "~/features/realtime/rooms.server";
import { moderate, type ModerationInput, type ModerationRefusal } from "~/features/moderation/moderation.server";
import { QUEUE_PAGE_SIZE, reportQueue } from "~/features/moderation/moderation-queue.server";
import { photoMatchQueue } from "~/features/moderation/photo-match-queue.server";
import { PhotoMatchCard } from "~/components/admin/photo-match-card";
import { getFormConstraint } from "~/shared/form-constraint";
import { MODERATION_TEXT, PHOTO_MATCH_TEXT, REPORT_REASON_LABELS } from "~/shared/copy/safety";
import { formatDate } from "~/shared/format";
import { ModerationActionSchema } from "~/shared/schemas/moderation";
import { requireAdmin } from "~/web/guards.server";
import { announceDealChanges } from "~/web/listing-deal-events.server";
import { pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { Card } from "~/components/ui/card";
import { AppealCard } from "~/components/admin/appeal-card";
import { appealQueue, decideAppeal, liftSilence, silencedNow, type QueuedAppeal } from "~/features/moderation/appeals.server";
import { queueMailStatement } from "~/features/notifications/mail-queue.server";
import { APPEAL_SUBJECT_LABELS, APPEAL_TEXT, appealOutcomeMail } from "~/shared/copy/appeals";

// The moderation queue (ADR 069): open reports grouped by target, newest first, ten groups a
// page, each with the content in context and the history of the people involved. Site admins only
// (`moderate`; requireAdmin turns everyone else away as /admin does). Every action is a plain POST
// here, one batch in the feature (moderation.server.ts); a retry is told 'Already handled'. Appeals of
// decisions another admin made, and who is silenced now, are sections of the same page (ADR 099).

export const meta: MetaFunction = () => pageMeta("Reports — Admin — LockerSwap", "LockerSwap moderation queue.");

const QUEUE = "/admin/reports";

function pageOf(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

async function requireModerator(request: Request, context: LoaderFunctionArgs["context"]) {
  const admin = await requireAdmin(request, context);
  return admin;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireModerator(request, context);
  const page = pageOf(new URL(request.url).searchParams.get("page"));
  const [queue, photoMatches, appeals, silenced] = await Promise.all([
    reportQueue(context.db, admin, { page }),
    photoMatchQueue(context.db, admin),
    appealQueue(context.db, admin),
    silencedNow(context.db, admin),
  ]);
  if (!queue || !photoMatches || !appeals || !silenced)
    throw await redirectWithToast(context, "/", { title: "Access Denied", description: MODERATION_TEXT.forbidden, variant: "destructive" });
  const constraint = (intent: "warn" | "suspend") =>
    getFormConstraint(ModerationActionSchema.options.find((o) => o.shape.intent.value === intent)!);
  return data(
    {
      ...queue,
      pageSize: QUEUE_PAGE_SIZE,
      groups: queue.groups.map((g) => ({
        ...g,
        thumbUrl: g.context.kind === "listing" && g.context.thumbKey ? photoUrl(g.context.thumbKey) : null,
      })),
      photoMatches: {
        total: photoMatches.total,
        entries: photoMatches.entries.map((m) => ({
          id: m.id,
          createdAt: m.createdAt,
          distance: m.distance,
          listing: { id: m.listing.id, title: m.listing.title, sellerName: m.listing.sellerName, sellerEmail: m.listing.sellerEmail },
          photoUrl: photoUrl(m.photoKey),
          matched: { ...m.matched, url: m.matched.shownKey ? photoUrl(m.matched.shownKey) : null },
        })),
      },
      appeals: { total: appeals.total, entries: appeals.entries.map(appealView) },
      silenced: silenced.map((s) => ({ id: s.id, name: s.name, email: s.email, createdAt: s.createdAt.toISOString() })),
      constraints: { warn: constraint("warn"), suspend: constraint("suspend") } satisfies ModerationConstraints,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function appealView(a: QueuedAppeal) {
  return {
    id: a.id,
    title: APPEAL_SUBJECT_LABELS[a.subject],
    what: a.label,
    href: a.heldType === "listing" && a.heldId ? `/listing/${a.heldId}` : null,
    reason: a.reason ? REPORT_REASON_LABELS[a.reason] : null,
    text: a.text,
    createdAt: a.createdAt.toISOString(),
    person: { name: a.person.name, email: a.person.email },
  };
}

const REFUSALS: Record<ModerationRefusal, string> = {
  forbidden: MODERATION_TEXT.forbidden,
  already_handled: MODERATION_TEXT.alreadyHandled,
  not_found: MODERATION_TEXT.gone,
  not_removable: MODERATION_TEXT.notRemovable,
  no_person: MODERATION_TEXT.noPerson,
  self: MODERATION_TEXT.self,
  last_admin: MODERATION_TEXT.lastAdmin,
};

type ModerationForm = Exclude<(typeof ModerationActionSchema)["_zod"]["output"], { intent: "liftSilence" | "decideAppeal" }>;

function toInput(form: ModerationForm): ModerationInput {
  if (form.intent === "lift") return { intent: "lift", suspensionId: form.suspensionId };
  const target = { type: form.targetType, id: form.targetId };
  if (form.intent === "warn") return { intent: "warn", target, reason: form.reason };
  if (form.intent === "suspend")
    return { intent: "suspend", target, reason: form.reason, days: form.length === "lifted" ? null : (Number(form.length) as 1 | 7 | 30) };
  return { intent: form.intent, target };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireModerator(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ModerationActionSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    const formId = `${String(intent)}-${String(submission.payload.targetType)}-${String(submission.payload.targetId)}`;
    return data({ formId, result: submission.reply() }, { status: 400 });
  }
  const form = submission.value;
  if (form.intent === "liftSilence") {
    const lifted = await liftSilence(context.db, admin, form.silenceId);
    return lifted.ok
      ? redirectWithToast(context, QUEUE, { title: lifted.done, variant: "success" })
      : redirectWithToast(context, QUEUE, { title: refusalTitle(lifted.reason), variant: "destructive" });
  }
  if (form.intent === "decideAppeal") {
    // The person is told by mail, queued in the decision's batch (ADR 073's outbox; the cron's drain sends it).
    const decided = await decideAppeal(context.db, admin, form, {
      tell: (d) => [
        queueMailStatement(context.db, {
          dedupeKey: `appeal:${d.appealId}`,
          userId: d.userId,
          to: d.email,
          ...appealOutcomeMail(d.subject, d.reversed, context.env.APP_ORIGIN),
        }),
      ],
    });
    if (decided.ok) return redirectWithToast(context, QUEUE, { title: decided.done, variant: "success" });
    // Someone else's appeal id or one that never was: 404, as a row one may not see (spec 02 §6).
    if (decided.reason === "not_found") throw data({ message: MODERATION_TEXT.gone }, { status: 404 });
    return redirectWithToast(context, QUEUE, {
      title: decided.reason === "own_decision" ? APPEAL_TEXT.ownDecision : refusalTitle(decided.reason),
      variant: "destructive",
    });
  }
  const input = toInput(form);
  const result = await moderate(context.db, admin, input, {
    publish: context.publish,
    // A deleted account's open sockets close first: its memberships are read before they go.
    beforeDeleteAccount: (userId) => disconnectEverywhere(context, userId),
  });
  if (!result.ok) {
    const title = result.reason === "already_handled" ? MODERATION_TEXT.alreadyHandled : "Error";
    return redirectWithToast(context, QUEUE, {
      title,
      description: result.reason === "already_handled" ? undefined : REFUSALS[result.reason],
      variant: "destructive",
    });
  }
  announceDealChanges(context, result.changedDeals, input.intent === "suspend" ? "account_suspended" : "listing_deleted");
  await finishPhotoDeletes(context.db, context.photos, result.removedKeys);
  return redirectWithToast(context, QUEUE, { title: result.done, variant: "success" });
}

function refusalTitle(reason: "forbidden" | "not_found" | "already_handled") {
  return reason === "already_handled"
    ? MODERATION_TEXT.alreadyHandled
    : reason === "forbidden"
      ? MODERATION_TEXT.forbidden
      : MODERATION_TEXT.gone;
}

export default function ModerationQueue() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
  return (
    <div className="mx-auto min-w-0 max-w-5xl space-y-6 py-2">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="text-brand-700 underline underline-offset-2">
          Admin Dashboard
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reports</h1>
      <p className="text-slate-700">
        {d.total} open {d.total === 1 ? "group" : "groups"} of reports, newest first. Every action closes all open reports on its target and
        is written to the{" "}
        <Link to="/admin?tab=audit" className="text-brand-700 underline underline-offset-2">
          audit log
        </Link>
        .
      </p>
      {d.photoMatches.total > 0 ? (
        <section aria-labelledby="photo-matches-heading" className="space-y-3">
          <h2 id="photo-matches-heading" className="text-lg font-semibold text-slate-900">
            Photo matches ({d.photoMatches.total})
          </h2>
          <p className="text-sm text-slate-700">{PHOTO_MATCH_TEXT.sectionIntro}</p>
          {d.photoMatches.entries.map((m) => (
            <PhotoMatchCard key={m.id} match={m} />
          ))}
        </section>
      ) : null}
      {d.appeals.total > 0 ? (
        <section aria-labelledby="appeals-heading" className="space-y-3">
          <h2 id="appeals-heading" className="text-lg font-semibold text-slate-900">
            Appeals ({d.appeals.total})
          </h2>
          <p className="text-sm text-slate-700">{APPEAL_TEXT.queueIntro}</p>
          {d.appeals.entries.map((a) => (
            <AppealCard key={a.id} appeal={a} />
          ))}
        </section>
      ) : null}
      {d.groups.length === 0 ? <p className="text-slate-600">No open reports.</p> : null}
      {d.groups.map((g) => (
        <ReportGroupCard key={`${g.targetType}:${g.targetId}`} group={g} constraints={d.constraints} reply={reply} />
      ))}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-700">
          <span>
            page {d.page} of {pages}
          </span>
          <span className="flex gap-2">
            {d.page > 1 ? (
              <ButtonLink to={`${QUEUE}?page=${d.page - 1}`} variant="secondary">
                Previous
              </ButtonLink>
            ) : null}
            {d.page < pages ? (
              <ButtonLink to={`${QUEUE}?page=${d.page + 1}`} variant="secondary">
                Next
              </ButtonLink>
            ) : null}
          </span>
        </nav>
      ) : null}
      <section aria-labelledby="suspended-heading" className="space-y-2">
        <h2 id="suspended-heading" className="text-lg font-semibold text-slate-900">
          Suspended now
        </h2>
        {d.suspensions.length === 0 ? (
          <p className="text-slate-600">Nobody is suspended.</p>
        ) : (
          <Card as="ul" className="divide-y divide-slate-200 shadow-none">
            {d.suspensions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="suspension">
                <span>
                  {s.name} ({s.email}) · {REPORT_REASON_LABELS[s.reason]} · {s.endsAt ? `until ${formatDate(s.endsAt)}` : "until lifted"}
                </span>
                <ConfirmDialog
                  trigger={
                    <>
                      Lift<span className="sr-only"> the suspension of {s.email}</span>
                    </>
                  }
                  title={`Lift the suspension of ${s.email}?`}
                  description="They can post, list, message and offer again at once; their listings show again."
                  confirmLabel="Lift suspension"
                  pendingLabel="Lifting..."
                  tone="primary"
                  fields={{ intent: "lift", suspensionId: s.id }}
                />
              </li>
            ))}
          </Card>
        )}
      </section>
      <section aria-labelledby="silenced-heading" className="space-y-2">
        <h2 id="silenced-heading" className="text-lg font-semibold text-slate-900">
          Posting paused now
        </h2>
        {d.silenced.length === 0 ? (
          <p className="text-slate-600">Nobody's posting is paused.</p>
        ) : (
          <Card as="ul" className="divide-y divide-slate-200 shadow-none">
            {d.silenced.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="silence">
                <span className="break-words">
                  {s.name} ({s.email}) · paused by reports since {formatDate(s.createdAt)}
                </span>
                <ConfirmDialog
                  trigger={
                    <>
                      Lift<span className="sr-only"> the pause on posting of {s.email}</span>
                    </>
                  }
                  title={`Let ${s.email} post again?`}
                  description="They can post, list, message and offer again at once. The reports about them stay in the queue."
                  confirmLabel="Lift the pause"
                  pendingLabel="Lifting..."
                  tone="primary"
                  fields={{ intent: "liftSilence", silenceId: s.id }}
                />
              </li>
            ))}
          </Card>
        )}
      </section>
    </div>
  );
}
