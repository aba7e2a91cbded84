/**
 * Test clients drop an idle keep-alive connection before the server does (ADR 072, "Keep-alive").
 *
 * Playwright's request contexts (`request`, `page.request`, `playwright.request.newContext`) send from
 * this Node process through `new http.Agent({ keepAlive: true })`, which keeps an idle socket for ever
 * and ignores the server's hint unless the agent has a timeout of its own. workerd closes an idle
 * connection after 5 s (measured: both with and without wrangler dev in front). A request written to a
 * pooled socket in the instant the server closes it fails with "socket hang up" / ECONNRESET — CI on
 * 702af97 lost a hostile-input POST that way, at load 17. Browsers retry such a request; Node does not,
 * and a POST must not be retried blindly. The cause is reuse past the server's idle limit, so idle
 * sockets now time out at 4 s on the client: the agent destroys a free socket when it times out.
 */
import http from "node:http";
import type { Socket } from "node:net";

export const CLIENT_IDLE_MS = 4_000;

// Node's typings say void; the agent's code returns whether the socket was kept (_http_agent.js).
const keepSocketAlive = http.Agent.prototype.keepSocketAlive as (this: http.Agent, socket: Socket) => boolean;
const reuseSocket = http.Agent.prototype.reuseSocket as (this: http.Agent, socket: Socket, request: http.ClientRequest) => void;

http.Agent.prototype.keepSocketAlive = function keepSocketAliveBriefly(this: http.Agent, socket: Socket) {
  const kept = keepSocketAlive.call(this, socket);
  // A free socket that times out is destroyed by the agent (its onTimeout: "Destroy if in free list").
  if (kept) socket.setTimeout(CLIENT_IDLE_MS);
  return kept;
} as typeof http.Agent.prototype.keepSocketAlive;

http.Agent.prototype.reuseSocket = function reuseWithoutIdleTimeout(this: http.Agent, socket: Socket, request: http.ClientRequest) {
  // Taken for a request: no idle limit while the request waits for its answer.
  socket.setTimeout(0);
  reuseSocket.call(this, socket, request);
} as typeof http.Agent.prototype.reuseSocket;
