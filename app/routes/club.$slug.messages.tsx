// The Messages tab's writes (ADR 041): post to the chat, post an announcement, delete a
// message, send a direct message, mark a conversation read. Real forms: without JavaScript each
// post redirects back to the tab with a toast, and a refused message comes back on a small page of
// its own with the text kept; with JavaScript the composer posts with a fetcher and gets JSON.
// Rules: club-chat.server.ts and direct-messages.server.ts. The tab itself is /club/{slug}?tab=messages (club.$slug._index.tsx).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { ButtonLink } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { clubAccessForAction, clubNotFound, requireClubPermission } from "~/web/guards.server";
import { CHAT_TOASTS } from "~/shared/copy/chat";
import { deleteClubMessage, listClubMessages, postClubMessage } from "~/features/messaging/club-chat.server";
import { getDmConversation, markDirectMessagesRead, sendDirectMessage } from "~/features/messaging/direct-messages.server";
import type { SendFailure } from "~/features/messaging/message-rules.server";
import { pushAnnouncement, pushDirectMessage } from "~/features/notifications/kind-push.server";
import type { ClubToast } from "~/shared/copy/clubs";
import { getUser } from "~/web/session.server";
import { serialiseChat, serialiseDm } from "~/web/club-messages-tab.server";
import { pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { ClubMessagesActionSchema, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "~/shared/schemas/club-message";
import { firstError, knownIntent } from "~/shared/schemas/intent";
import { MESSAGE_MAX_LENGTH } from "~/shared/schemas/limits";
import { CONTROL_CHARACTERS_MESSAGE } from "~/shared/text";
import { invalidSubmission } from "~/web/submission.server";

export const meta: MetaFunction = () => pageMeta("Message not sent — LockerSwap", "Your club message was not sent; edit it and try again.");

/** With JavaScript: the older pages of the chat, announcements or a DM conversation (`with`) as JSON. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  const access = await getClubAccess(context.db, viewer, params.slug ?? "");
  if (!access) throw clubNotFound();
  const url = new URL(request.url);
  const before = url.searchParams.get("before");
  // A document POST renders this route after its action (the "not sent" page): no redirect here,
  // or it would replace that page. A plain visit gets a link back to the tab.
  if (!before) return { back: `/club/${access.club.slug}?tab=messages`, messages: null, older: null };
  await requireClubPermission(context, access, "readMessages");
  const withId = url.searchParams.get("with");
  if (withId) {
    const conversation = await getDmConversation(context.db, access, withId, { before });
    if (!conversation) throw clubNotFound();
    return { back: `/club/${access.club.slug}?tab=messages`, messages: conversation.messages.map(serialiseDm), older: conversation.older };
  }
  const kind = url.searchParams.get("kind") === "announcement" ? "announcement" : "chat";
  const page = await listClubMessages(context.db, access, { kind, before });
  if (!page) throw clubNotFound();
  return { back: `/club/${access.club.slug}?tab=messages`, messages: page.messages.map(serialiseChat), older: page.older };
}

function failureToast(reason: SendFailure): ClubToast {
  if (reason === "rate_limited") return CHAT_TOASTS.rateLimited;
  if (reason === "no_recipient") return CHAT_TOASTS.noRecipient;
  if (reason === "blocked") return CHAT_TOASTS.blocked;
  if (reason === "forbidden") return CHAT_TOASTS.notAllowed;
  return CHAT_TOASTS.sendFailed;
}

function failureMessage(reason: SendFailure): string | undefined {
  if (reason === "too_long") return MESSAGE_TOO_LONG;
  if (reason === "control_characters") return CONTROL_CHARACTERS_MESSAGE;
  if (reason === "empty") return MESSAGE_REQUIRED;
  return undefined;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // The session and the club access in one round trip: a chat message reaches the room sooner.
  const access = await requireClubPermission(context, await clubAccessForAction(request, context, params.slug ?? ""), "readMessages");
  const submission = parseWithZod(await request.formData(), { schema: ClubMessagesActionSchema });
  const intent = knownIntent(ClubMessagesActionSchema, submission.payload);
  if (!intent) throw clubNotFound();
  const slug = access.club.slug;
  const back = (params: Record<string, string>) => `/club/${slug}?${new URLSearchParams({ tab: "messages", ...params })}`;
  const form = submission.status === "success" ? submission.value : null;

  if (form?.intent === "delete") {
    const result = await deleteClubMessage(context.db, access, form.messageId, context.publish);
    const toast = result.ok ? CHAT_TOASTS.deleted : CHAT_TOASTS.deleteFailed;
    if (form.respond === "json") return data({ ok: result.ok, toast }, { status: result.ok ? 200 : 404 });
    return redirectWithToast(context, back({ sub: form.kind === "announcement" ? "announcements" : "chat" }), toast, { status: 303 });
  }

  if (form?.intent === "read") {
    const from = form.with;
    const count = from ? await markDirectMessagesRead(context.db, access, { from }, context.publish) : 0;
    if (form.respond === "json") return data({ ok: true, toast: null, count });
    return redirect(back({ sub: "dm", ...(from ? { with: from } : {}) }), 303);
  }

  // Post or DM. A body that did not parse (empty, too long, no client id) is refused like any
  // other message: the text comes back with the reason.
  if (!form && intent !== "post" && intent !== "dm") return invalidSubmission(submission);
  const raw = submission.payload;
  const isDm = intent === "dm";
  const kind = form?.intent === "post" ? form.kind : raw.kind === "announcement" ? "announcement" : "chat";
  const recipientId = form?.intent === "dm" ? form.recipientId : typeof raw.recipientId === "string" ? raw.recipientId : "";
  const content = typeof raw.content === "string" ? raw.content : "";
  const returnTo = isDm ? back({ sub: "dm", with: recipientId }) : back({ sub: kind === "announcement" ? "announcements" : "chat" });
  let result;
  if (!form || (form.intent !== "post" && form.intent !== "dm")) {
    result = {
      ok: false as const,
      reason: "empty" as SendFailure,
      message: submission.status === "success" ? undefined : firstError(submission.error),
    };
  } else if (form.intent === "dm") {
    result = await sendDirectMessage(context.db, access, { recipientId, content: form.content, clientId: form.clientId }, context.publish);
  } else {
    result = await postClubMessage(context.db, access, { kind, content: form.content, clientId: form.clientId }, context.publish);
  }

  if (!result.ok) {
    const toast = failureToast(result.reason);
    // A retry keeps the id (so it is still stored once) unless the id itself was the problem.
    const retryId = form && "clientId" in form && result.reason !== "conflict" ? form.clientId : crypto.randomUUID();
    const message = ("message" in result ? result.message : undefined) ?? failureMessage(result.reason) ?? toast.description ?? toast.title;
    // The text comes back (never lost), with the reason; status 400 so nothing caches it.
    return data(
      { ok: false as const, toast, error: message, content, kind, intent, recipientId, clientId: retryId, returnTo },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  // A push to the receiver, or to the club's members for an announcement (ADR 100), once: only for
  // what this request stored (a retry of the same id stored nothing new).
  if (result.created) {
    const deps = { db: context.db, env: context.env };
    if (isDm) context.cloudflare.ctx.waitUntil(pushDirectMessage(deps, result.message.id));
    else if (kind === "announcement") context.cloudflare.ctx.waitUntil(pushAnnouncement(deps, result.message.id));
  }
  const toast = isDm ? CHAT_TOASTS.sent : kind === "announcement" ? CHAT_TOASTS.announcementPosted : null;
  if (form?.respond === "json") {
    const message = "kind" in result.message ? { chat: serialiseChat(result.message) } : { dm: serialiseDm(result.message) };
    return data({ ok: true as const, toast, ...message });
  }
  return redirectWithToast(context, returnTo, toast ?? { title: "Message sent", variant: "success" }, { status: 303 });
}

/** What the action answers when a message is refused (the JSON the composer also reads). */
export type NotSent = {
  ok: false;
  toast: ClubToast;
  error: string;
  content: string;
  kind: "chat" | "announcement";
  intent: string;
  recipientId: string;
  clientId: string;
  returnTo: string;
};

/** Without JavaScript, a refused message lands here with its text kept. */
export default function MessageNotSent() {
  const data = useActionData<typeof action>() as NotSent | { ok: boolean } | undefined;
  const sending = useIsPending();
  const { back } = useLoaderData<typeof loader>();
  if (!data || !("error" in data)) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-bold">Messages</h1>
        <ButtonLink to={back}>Back to messages</ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-4 py-6">
      <h1 className="text-2xl font-bold">{data.toast.title}</h1>
      <p role="alert" className="text-red-700">
        {data.error}
      </p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value={data.intent} />
        <input type="hidden" name="kind" value={data.kind} />
        <input type="hidden" name="clientId" value={data.clientId} />
        {data.recipientId ? <input type="hidden" name="recipientId" value={data.recipientId} /> : null}
        <Label htmlFor="content">Message</Label>
        <Textarea
          id="content"
          name="content"
          rows={4}
          defaultValue={data.content}
          maxLength={MESSAGE_MAX_LENGTH}
          required
          className="mt-1 block w-full"
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={sending} pendingText="Sending...">
            Send
          </SubmitButton>
          <ButtonLink to={data.returnTo} variant="secondary">
            Back to messages
          </ButtonLink>
        </div>
      </Form>
    </div>
  );
}
