// Loaded on the listing form's first input (useLazyValidation, ADR 032): zod + conform's parser
// stay out of /list-item's and the edit page's first load (ADR 033).
import { parseWithZod } from "@conform-to/zod/v4";
import { ListingFormSchema } from "~/shared/schemas/listing";

export const validateListing = (formData: FormData) => parseWithZod(formData, { schema: ListingFormSchema });
