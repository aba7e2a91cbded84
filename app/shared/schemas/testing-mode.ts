import { z } from "zod";

/** The testing-mode switch (01 §4): where to go back to; safeRedirect decides whether it may. */
export const TestingModeSchema = z.object({ redirectTo: z.string().max(2048).optional() });
