import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireDevRoutes } from "~/web/dev-routes.server";
import { roomAccessFor, roomGrantFor } from "~/features/realtime/rooms.server";
import { requireUser } from "~/web/session.server";
import { useRoom, type RoomEvent } from "~/hooks/use-room";
import { pageMeta } from "~/web/meta";
import { MESSAGE_MAX_LENGTH } from "~/shared/schemas/limits";
import { DevRealtimeActionSchema, type DevRealtimeAction } from "~/shared/schemas/dev-realtime";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = () =>
  pageMeta("Realtime test room — LockerSwap (dev)", "A test room for the realtime connection (development only).");

const ROOM = "test";

// A dev/test page proving the realtime path: loader-minted token → room → server-published events.
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevRoutes(context);
  const visitor = `visitor-${crypto.randomUUID()}`;
  // The lobby through the same door as every room: roomAccessFor lets anyone in where dev routes are on.
  const access = await roomAccessFor(context, null, { kind: "lobby", id: ROOM });
  if (!access) throw new Response("Not found", { status: 404 });
  return { access, visitor };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const submission = parseWithZod(await request.formData(), { schema: DevRealtimeActionSchema });
  // Nothing in the schema refuses (see its note): this only narrows.
  if (submission.status !== "success") return { ok: false as const, delivered: false };
  const form = submission.value;
  if (form.intent === "club") return publishToClub(request, context, form);
  const text = form.text.trim().slice(0, 500);
  if (!text) return { ok: false as const, delivered: false };
  const delivered = await context.realtime.publish("lobby", ROOM, { type: "message", text, from: form.from });
  return { ok: true as const, delivered };
}

/**
 * Dev only, for bench/realtime-fanout.ts until the club chat action exists on this branch: a signed-in
 * active member publishes a `club.message.created` to their club's room through context.publish (the
 * same waitUntil path the chat action uses). Nothing is stored: this measures the fan-out only.
 */
async function publishToClub(request: Request, context: ActionFunctionArgs["context"], form: DevRealtimeAction) {
  const viewer = await requireUser(request, context);
  const clubId = form.clubId;
  if (!(await roomGrantFor(context.db, viewer, { kind: "club", id: clubId })))
    return data({ ok: false as const, delivered: false }, { status: 403 });
  const id = form.id.slice(0, 100) || crypto.randomUUID();
  context.publish.club(clubId, {
    type: "club.message.created",
    message: {
      id,
      clubId,
      kind: "chat",
      content: form.content.slice(0, MESSAGE_MAX_LENGTH),
      author: { id: viewer.id, name: viewer.firstName ?? "Member" },
      createdAt: new Date().toISOString(),
    },
  });
  return { ok: true as const, delivered: true };
}

export default function RealtimeTestRoom() {
  const { access, visitor } = useLoaderData<typeof loader>();
  const [events, setEvents] = useState<RoomEvent<"lobby">[]>([]);
  const status = useRoom(access, (event) => setEvents((list) => [...list, event]));
  const publisher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (publisher.state === "idle" && publisher.data?.ok) form.current?.reset();
  }, [publisher.state, publisher.data]);
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Realtime test room</h1>
      <p className="text-sm text-slate-600" data-testid="room-status">
        Room status: {status}
      </p>
      <publisher.Form ref={form} method="post" className="flex gap-2">
        <input type="hidden" name="from" value={visitor} />
        <label htmlFor="text" className="sr-only">
          Message
        </label>
        <Input id="text" name="text" required className="flex-1" />
        <Button type="submit">Publish</Button>
      </publisher.Form>
      <ul aria-label="Events" className="space-y-1">
        {events.map((event, index) => (
          <li key={index} className="rounded bg-white p-2 shadow-sm">
            {event.type === "message" ? event.text : event.type}
          </li>
        ))}
      </ul>
    </div>
  );
}
