// The appeal form (ADR 099): one schema for conform in the browser and the action of /appeal. Which
// decision is appealed rides along as hidden fields; whether it is the appellant's, and still stands,
// is the moderation feature's (appeals.server.ts): anything else is a 404.
import { z } from "zod";
import { text } from "./text";

/** The decisions a person can appeal: a removal too (ADR 104; its content is gone, ADR 044, so a reversal clears the record). */
export const APPEALABLE_SUBJECTS = ["hold", "removal", "warning", "suspension", "silence"] as const;
export type AppealableSubject = (typeof APPEALABLE_SUBJECTS)[number];

/** The longest appeal: db/schema/trust.ts's APPEAL_MAX_LENGTH (a test holds them equal), kept off the shared chunk. */
export const APPEAL_MAX_LENGTH = 1000;

const DECISION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What /appeal?subject=…&decision=… names: also what the page's loader reads from its URL. */
export const AppealTargetSchema = z.object({
  subject: z.enum(APPEALABLE_SUBJECTS),
  decision: z.string().regex(DECISION_ID),
});

export const AppealSchema = AppealTargetSchema.extend({
  intent: z.literal("appeal"),
  text: text({
    required: "Say why the decision is wrong",
    max: APPEAL_MAX_LENGTH,
    tooLong: `At most ${APPEAL_MAX_LENGTH.toLocaleString("en-US")} characters`,
    multiline: true,
  }),
});
export type AppealFormInput = z.infer<typeof AppealSchema>;
