// The Admin Dashboard's deletes (ADR 044; spec 02 §2 /admin): one discriminated union on
// `intent`. The ids are looked up by the domain ("That user no longer exists"); `tab` is only the
// view to go back to, and an unknown one goes back to All Users.
import { z } from "zod";

const Id = z.string().default("");
const Tab = z.string().optional();

export const AdminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("deleteUser"), userId: Id, tab: Tab }),
  z.object({ intent: z.literal("deleteClub"), clubId: Id, tab: Tab }),
]);
