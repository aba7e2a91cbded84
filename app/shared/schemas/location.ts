// 'Update Your Location' (spec 01 §5): trimmed, exactly 5 digits.
import { z } from "zod";
import { ZIP_PATTERN } from "~/shared/zip";
import { optionalText } from "./text";
export { LOCATION_TOASTS } from "./location-toasts";

export const LocationSchema = z.object({
  zipCode: z.string({ error: "Please enter a valid 5-digit ZIP code" }).trim().regex(ZIP_PATTERN, "Please enter a valid 5-digit ZIP code"),
  redirectTo: optionalText({ max: 2000 }),
});
