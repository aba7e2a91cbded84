import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { GuardianLine } from "~/components/messaging/guardian-line";
import { LiveStatus } from "~/components/layout/live-status";
import { overseenConversation } from "~/features/messaging/overseen.server";
import { roomAccessFor } from "~/features/realtime/rooms.server";
import { OverseenConversationSchema } from "~/shared/schemas/families";
import { formatRelativeTime } from "~/shared/format";
import { useRoom } from "~/hooks/use-room";
import { useStableRoomAccess } from "~/hooks/use-user-room";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";

// A teen's conversation as their guardian reads it (ADR 096; ADR 092's `oversee`): every message,
// read-only — no box to write in, no read marks — and live through the teen's own room, which the
// room grant opens to a guardian. Anyone else, and a link that no longer holds, gets a 404.
export const meta: MetaFunction = () => pageMeta("Conversation — LockerSwap", "A conversation of a teen you are the guardian of.");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const url = new URL(request.url);
  const parsed = OverseenConversationSchema.safeParse({
    teenId: params.teenId,
    kind: url.searchParams.get("kind"),
    subject: url.searchParams.get("subject"),
    with: url.searchParams.get("with"),
  });
  if (!parsed.success) throw data({ notFound: true }, { status: 404 });
  const ref = { kind: parsed.data.kind, subjectId: parsed.data.subject, teenId: parsed.data.teenId, otherId: parsed.data.with };
  const conversation = await overseenConversation(context.db, viewer, ref);
  if (!conversation) throw data({ notFound: true }, { status: 404 });
  const room = await roomAccessFor(context, viewer, { kind: "user", id: ref.teenId });
  return {
    now: new Date().toISOString(),
    room,
    kind: ref.kind,
    teen: conversation.teen,
    other: conversation.other,
    title: conversation.subjectTitle,
    line: conversation.line,
    messages: conversation.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export default function OverseenConversationPage() {
  const { now, room, kind, teen, other, title, line, messages } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // A message in any of the teen's conversations: re-read this one from the database (it decides what is shown).
  const status = useRoom(
    useStableRoomAccess(room),
    (event) => {
      if ((event.type === "dm.created" || event.type === "listing.message.created") && revalidator.state === "idle")
        revalidator.revalidate();
    },
    { onReconnect: () => revalidator.revalidate() },
  );
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to="/messages" className="inline-block min-h-11 content-center text-brand-700 underline-offset-2 hover:underline">
          ← Messages
        </Link>
      </p>
      <Card as="section" padding="md" aria-labelledby="overseen-heading" className="space-y-3">
        <div>
          <h1 id="overseen-heading" className="text-xl font-bold break-words">
            {teen.name} and {other.name}
          </h1>
          <p className="text-sm text-slate-600 break-words">
            {kind === "listing" ? "About the listing" : "Direct messages in"} {title}
          </p>
        </div>
        <GuardianLine text={line} />
        <p className="text-sm text-slate-700">You are reading as {teen.name}&apos;s guardian. You cannot write here as them.</p>
        <LiveStatus status={status} />
        <ol aria-label={`Conversation between ${teen.name} and ${other.name}`} className="space-y-2" data-testid="overseen-messages">
          {messages.map((m) => {
            const fromTeen = m.senderId === teen.id;
            return (
              <li key={m.id} className={`max-w-[85%] rounded-lg px-3 py-2 ${fromTeen ? "ml-auto bg-brand-50" : "bg-slate-100"}`}>
                <p className="text-sm">
                  <span className="font-semibold text-slate-900">{fromTeen ? teen.name : other.name}</span>{" "}
                  <time dateTime={m.createdAt} className="text-slate-600">
                    {formatRelativeTime(m.createdAt, now)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.content}</p>
              </li>
            );
          })}
        </ol>
      </Card>
    </div>
  );
}
