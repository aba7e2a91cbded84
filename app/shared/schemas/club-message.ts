// One schema for every club message form (chat, announcement, direct message): the action parses
// with it, the composer mirrors its limits (issue 12 §6; spec 02 §5 "content trimmed must be
// non-empty"). The client-made id makes a double submit or a retry store one message (issue 12 §5).
import { z } from "zod";
import { text } from "./text";

import { CLUB_MESSAGE_MAX_LENGTH } from "./club-message-limits";

export { CLUB_MESSAGE_MAX_LENGTH };

export const ClubMessageContent = text({
  max: CLUB_MESSAGE_MAX_LENGTH,
  multiline: true,
  required: "Message cannot be empty",
  tooLong: `Messages can be at most ${CLUB_MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`,
});

const ClientId = z.uuid({ error: "Please reload the page and try again" });

export const ClubMessageSchema = z.object({
  content: ClubMessageContent,
  clientId: ClientId,
});
