import { BroadcastRoom } from "./broadcast-room";

/** A room with no product meaning: the dev/test page proves the realtime path end to end. */
export class LobbyRoom extends BroadcastRoom {}
