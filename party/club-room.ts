import { BroadcastRoom } from "./broadcast-room";

/** One per club: group chat, announcements and item requests of that club (spec 02 §4 live updates). */
export class ClubRoom extends BroadcastRoom {}
