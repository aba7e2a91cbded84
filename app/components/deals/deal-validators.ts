// Loaded on a deal form's first focus or input (useLazyValidation, ADR 032): zod and conform's
// parser stay out of the deal page's first load (ADR 033). The same schema the action parses.
import { parseWithZod } from "@conform-to/zod/v4";
import { DealStepSchema } from "~/shared/schemas/deal";

export const validateDealStep = (formData: FormData) => parseWithZod(formData, { schema: DealStepSchema });
