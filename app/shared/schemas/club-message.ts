// One schema for every club message form (chat, announcement, direct message, delete, mark read):
// the action of /club/{slug}/messages parses with it, the composer mirrors its limits (ADR 041;
// spec 02 §5 "content trimmed must be non-empty"). The client-made id makes a double submit or a
// retry store one message (ADR 041).
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./limits";
import { text } from "./text";

export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`;

export const MESSAGE_REQUIRED = "Message cannot be empty";

export const ClubMessageContent = text({
  max: MESSAGE_MAX_LENGTH,
  multiline: true,
  required: MESSAGE_REQUIRED,
  tooLong: MESSAGE_TOO_LONG,
});

const ClientId = z.uuid({ error: "Please reload the page and try again" });

export const CLUB_MESSAGE_KINDS = ["chat", "announcement"] as const;
const Kind = z.enum(CLUB_MESSAGE_KINDS, { error: "Post to the chat or to announcements" }).default("chat");
// The domain looks ids up among the viewer's club: an id that is not there is its refusal, not ours.
const Id = z.string().default("");
// The composer adds respond=json once hydrated; a plain form gets redirects and pages.
const Respond = z.literal("json", { error: "Unknown response format" }).optional();

export const ClubMessagesActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("post"), kind: Kind, content: ClubMessageContent, clientId: ClientId, respond: Respond }),
  z.object({ intent: z.literal("dm"), recipientId: Id, content: ClubMessageContent, clientId: ClientId, respond: Respond }),
  z.object({ intent: z.literal("delete"), kind: Kind, messageId: Id, respond: Respond }),
  z.object({ intent: z.literal("read"), with: Id, respond: Respond }),
]);
