// Vite dev only (`npm run dev`): the rooms in a Worker of their own, because Vite's platform proxy
// cannot host Durable Objects of the app Worker. `npm start`, tests and production serve them from
// the app Worker itself (server.ts).
import { routeRooms } from "./route-rooms";

export { LobbyRoom, ClubRoom, UserRoom } from "./index";

export default {
  async fetch(request: Request, env: Record<string, unknown>) {
    return (await routeRooms(request, env)) ?? new Response("Not found", { status: 404 });
  },
};
