// Loaded on a moderation form's first focus or input (useLazyValidation, ADR 032): zod and conform's
// parser stay out of the queue's first load. The same schema the action parses.
import { parseWithZod } from "@conform-to/zod/v4";
import { ModerationActionSchema } from "~/shared/schemas/moderation";

export const validateModerationAction = (formData: FormData) => parseWithZod(formData, { schema: ModerationActionSchema });
