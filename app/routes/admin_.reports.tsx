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

// The moderation queue (ADR 069): open reports grouped by target, newest first, ten groups a
// page, each with the content in context and the history of the people involved. Site admins only
// (`moderate`; requireAdmin turns everyone else away as /admin does). Every action is a plain POST
// here, one batch in the feature (moderation.server.ts); a retry is told 'Already handled'.

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
  const [queue, photoMatches] = await Promise.all([reportQueue(context.db, admin, { page }), photoMatchQueue(context.db, admin)]);
  if (!queue || !photoMatches)
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
      constraints: { warn: constraint("warn"), suspend: constraint("suspend") } satisfies ModerationConstraints,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
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

function toInput(form: (typeof ModerationActionSchema)["_zod"]["output"]): ModerationInput {
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
  const input = toInput(submission.value);
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
    </div>
  );
}
