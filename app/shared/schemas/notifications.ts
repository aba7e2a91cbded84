// 'View Club' on an approval notice (spec 01 §4): which notice. The domain looks it up among the
// viewer's own, so any text passes here; an unknown one just opens the home page.
import { z } from "zod";

export const AcknowledgeSchema = z.object({ membershipId: z.string().default("") });
