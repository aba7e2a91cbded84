// Teens and guardians (ADR 092): a teen's guardian request, a guardian's confirm and the unlink —
// one schema per form, shared by the form (conform) and the action. The age step's is age-step.ts.
import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/shared/text";

const email = z
  .string({ error: "Enter your parent or guardian's email address" })
  .trim()
  .max(255, "Email must be at most 255 characters")
  .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE)
  .email("Enter your parent or guardian's email address");

/** /guardian: a teen asks an adult to be their guardian; a teen or guardian ends a link. */
export const GuardianActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email }),
  z.object({ intent: z.literal("unlink"), linkId: z.string().trim().min(1).max(64) }),
]);

/** /guardian/confirm: the mailed link's button (the token is the feature's to judge). */
export const GuardianConfirmSchema = z.object({ token: z.string().max(200).default("") });

const id = z.string().trim().min(1).max(64);
/** /messages/teen/{teenId}?kind=&subject=&with=: which of the teen's conversations a guardian reads (ADR 096). */
export const OverseenConversationSchema = z.object({
  teenId: id,
  kind: z.enum(["listing", "club"]),
  subject: id,
  with: id,
});
