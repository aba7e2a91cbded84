// Loaded on the rename form's first focus or input (useLazyValidation, ADR 032): zod and conform's
// parser stay out of the page's first load.
import { parseWithZod } from "@conform-to/zod/v4";
import { RenameSavedSearchSchema } from "~/shared/schemas/saved-search";

export const validateRename = (formData: FormData) => parseWithZod(formData, { schema: RenameSavedSearchSchema });
