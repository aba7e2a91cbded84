// The location dialog's toasts (01 §8), zod-free: the dialog ships on every signed-in page.
export const LOCATION_TOASTS = {
  invalid: { title: "Invalid ZIP code", description: "Please enter a valid 5-digit ZIP code", variant: "destructive" },
  updated: { title: "ZIP code updated", description: "Your location has been successfully updated", variant: "success" },
  failed: { title: "Update failed", description: "Unable to update ZIP code. Please try again.", variant: "destructive" },
} as const;
