import { BroadcastRoom } from "./broadcast-room";

/** One per listing conversation thread (listing + buyer): seller questions, live (spec 02 §4). */
export class ListingRoom extends BroadcastRoom {}
