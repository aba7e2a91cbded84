export { LobbyRoom } from "./lobby-room";
export { ClubRoom } from "./club-room";
export { UserRoom } from "./user-room";
