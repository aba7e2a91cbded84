// The club page's membership forms (spec 02 §4, §5 invite code; ADR 029). One schema for the
// browser (conform's onValidate in the invite-code dialog and page) and the actions of
// /club/{slug} and /club/{slug}/join. The code itself is checked on the server only.
import { z } from "zod";
import { LIMITS } from "~/shared/catalog/options";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { text } from "./text";

const codeRequired = CLUB_ERRORS.inviteCodeRequired.description ?? CLUB_ERRORS.inviteCodeRequired.title;

export const JoinCodeSchema = z.object({
  intent: z.literal("join-code"),
  // conform turns an empty field into undefined: both read 'Please enter the invite code'.
  code: text({ required: codeRequired, max: LIMITS.inviteCodeMax }),
});

/** POST /club/{slug} (and its leave page): join, join with a code, request to join, leave. */
export const MembershipActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join") }),
  JoinCodeSchema,
  z.object({ intent: z.literal("request") }),
  z.object({ intent: z.literal("leave") }),
]);

/** POST /club/{slug}/join: the invite-code page's one form. */
export const JoinPageActionSchema = z.discriminatedUnion("intent", [JoinCodeSchema]);
