// /dev/realtime (development only): the lobby's test message, or — with intent "club" — a
// fan-out to a club room for bench/realtime-fanout.ts. Nothing is stored, so nothing is refused
// here: a field that is not text reads as empty, an unknown intent as the lobby.
import { z } from "zod";

const entered = z.string().catch("");

export const DevRealtimeActionSchema = z.object({
  intent: z.literal("club").optional().catch(undefined),
  // The lobby message.
  text: entered,
  from: entered,
  // The club fan-out.
  clubId: entered,
  id: entered,
  content: entered,
});
export type DevRealtimeAction = z.output<typeof DevRealtimeActionSchema>;
