// 'Update Your Location' (spec 01 §5): trimmed, exactly 5 digits.
import { z } from "zod";

export const LocationSchema = z.object({
  zipCode: z.string({ error: "Please enter a valid 5-digit ZIP code" }).trim().regex(/^\d{5}$/, "Please enter a valid 5-digit ZIP code"),
  redirectTo: z.string().optional(),
});

export const LOCATION_TOASTS = {
  invalid: { title: "Invalid ZIP code", description: "Please enter a valid 5-digit ZIP code", variant: "destructive" },
  updated: { title: "ZIP code updated", description: "Your location has been successfully updated", variant: "success" },
  failed: { title: "Update failed", description: "Unable to update ZIP code. Please try again.", variant: "destructive" },
} as const;
