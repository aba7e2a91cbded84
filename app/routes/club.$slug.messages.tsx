// The Messages tab's writes (issue 12 item 1): post to the chat, post an announcement, delete a
// message, send a direct message, mark a conversation read. Real forms: without JavaScript each
// post redirects back to the tab with a toast, and a refused message comes back on a small page of
// its own with the text kept; with JavaScript the composer posts with a fetcher and gets JSON.
// Rules: club-chat.server.ts. The tab itself is /club/{slug}?tab=messages (club.$slug._index.tsx).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { buttonClass, inputClass, labelClass } from "~/components/ui/styles";
import { clubNotFound, getClubAccess, requireClubPermission } from "~/features/clubs/club-access.server";
import { CHAT_TOASTS } from "~/features/messaging/chat-copy";
import {
  deleteClubMessage,
  getDmConversation,
  listClubMessages,
  markDirectMessagesRead,
  postClubMessage,
  sendDirectMessage,
  type SendFailure,
} from "~/features/messaging/club-chat.server";
import type { ClubToast } from "~/features/clubs/club-copy";
import { getUser } from "~/features/accounts/session.server";
import { serialiseChat, serialiseDm } from "~/web/club-messages-tab.server";
import { pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { ClubMessageSchema } from "~/shared/schemas/club-message";
import { CLUB_MESSAGE_MAX_LENGTH } from "~/shared/schemas/club-message-limits";

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

const Intent = z.enum(["post", "delete", "dm", "read"]);

function failureToast(reason: SendFailure): ClubToast {
  if (reason === "rate_limited") return CHAT_TOASTS.rateLimited;
  if (reason === "no_recipient") return CHAT_TOASTS.noRecipient;
  if (reason === "forbidden") return CHAT_TOASTS.notAllowed;
  return CHAT_TOASTS.sendFailed;
}

function failureMessage(reason: SendFailure): string | undefined {
  if (reason === "too_long") return `Messages can be at most ${CLUB_MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`;
  if (reason === "control_characters") return "Remove control characters from this field";
  if (reason === "empty") return "Message cannot be empty";
  return undefined;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await getUser(request, context);
  const access = await requireClubPermission(context, await getClubAccess(context.db, viewer, params.slug ?? ""), "readMessages");
  const form = await request.formData();
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success) throw clubNotFound();
  // The composer adds respond=json once hydrated; a plain form gets redirects and pages.
  const wantsJson = form.get("respond") === "json";
  const slug = access.club.slug;
  const back = (params: Record<string, string>) => `/club/${slug}?${new URLSearchParams({ tab: "messages", ...params })}`;

  if (intent.data === "delete") {
    const sub = form.get("kind") === "announcement" ? "announcements" : "chat";
    const result = await deleteClubMessage(context.db, access, String(form.get("messageId") ?? ""), context.publish);
    const toast = result.ok ? CHAT_TOASTS.deleted : CHAT_TOASTS.deleteFailed;
    if (wantsJson) return data({ ok: result.ok, toast }, { status: result.ok ? 200 : 404 });
    return redirectWithToast(context, back({ sub }), toast, { status: 303 });
  }

  if (intent.data === "read") {
    const from = String(form.get("with") ?? "");
    const count = from ? await markDirectMessagesRead(context.db, access, { from }, context.publish) : 0;
    if (wantsJson) return data({ ok: true, toast: null, count });
    return redirect(back({ sub: "dm", ...(from ? { with: from } : {}) }), 303);
  }

  const isDm = intent.data === "dm";
  const kind = form.get("kind") === "announcement" ? "announcement" : "chat";
  const recipientId = String(form.get("recipientId") ?? "");
  const returnTo = isDm ? back({ sub: "dm", with: recipientId }) : back({ sub: kind === "announcement" ? "announcements" : "chat" });
  const content = String(form.get("content") ?? "");
  const parsed = ClubMessageSchema.safeParse({ content, clientId: form.get("clientId") });
  let result;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    result = { ok: false as const, reason: "empty" as SendFailure, message: issue?.message };
  } else if (isDm) {
    result = await sendDirectMessage(context.db, access, { recipientId, ...parsed.data }, context.publish);
  } else {
    result = await postClubMessage(context.db, access, { kind, ...parsed.data }, context.publish);
  }

  if (!result.ok) {
    const toast = failureToast(result.reason);
    // A retry keeps the id (so it is still stored once) unless the id itself was the problem.
    const retryId = parsed.success && result.reason !== "conflict" ? parsed.data.clientId : crypto.randomUUID();
    const message = ("message" in result ? result.message : undefined) ?? failureMessage(result.reason) ?? toast.description ?? toast.title;
    // The text comes back (never lost), with the reason; status 400 so nothing caches it.
    return data(
      { ok: false as const, toast, error: message, content, kind, intent: intent.data, recipientId, clientId: retryId, returnTo },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  const toast = isDm ? CHAT_TOASTS.sent : kind === "announcement" ? CHAT_TOASTS.announcementPosted : null;
  if (wantsJson) {
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
        <Link to={back} className={buttonClass.primary}>
          Back to messages
        </Link>
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
        <label htmlFor="content" className={labelClass}>
          Message
        </label>
        <textarea id="content" name="content" rows={4} defaultValue={data.content} maxLength={CLUB_MESSAGE_MAX_LENGTH} required className={inputClass} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={sending} pendingText="Sending...">
            Send
          </SubmitButton>
          <Link to={data.returnTo} className={buttonClass.secondary}>
            Back to messages
          </Link>
        </div>
      </Form>
    </div>
  );
}
