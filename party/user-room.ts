import { BroadcastRoom } from "./broadcast-room";

/** One per user: their direct messages and unread badges (spec 01 §4, 02 §4). */
export class UserRoom extends BroadcastRoom {}
