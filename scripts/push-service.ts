/**
 * A small local push service standing in for FCM / Mozilla / Apple — in the tests and in `npm start`
 * (third parties are faked at the edge, speaking the real protocol; ADR 087, as ADR 019's Google
 * stand-in). It is never part of a deployment, and the Worker sends to it only because server
 * configuration names its origin (PUSH_SERVICE_TEST_ORIGIN). It is both halves of a real push: the
 * service (RFC 8030 §5: POST to the subscription's endpoint, VAPID checked as RFC 8292 §4 says) and
 * the browser's decryption (RFC 8291, with the subscription's private keys, which it made):
 *
 *   POST /subscriptions          a new subscription: { endpoint, keys: { p256dh, auth } } (what a browser's
 *                                PushSubscription.toJSON() gives); the stand-in keeps its private key
 *   POST /push/{id}              a push: 401 without a valid VAPID JWT for this origin, 400 unless aes128gcm
 *                                with a TTL, 410 once the subscription is gone, else 201 and the message kept
 *   GET  /push/{id}/messages     what arrived, decrypted: [{ payload, ttl, urgency }]
 *   POST /push/{id}/answer       { status, times }: answer the next `times` pushes with `status` (429, 503, 410 …);
 *                                status 0 never answers (a push service that hangs)
 *   DELETE /push/{id}            the subscription expires: every later push gets 410 Gone
 *   GET  /                       the subscriptions and their messages, as text (for people running npm start)
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bytesToBase64Url } from "../app/platform/crypto";
import { decryptPushPayload, verifyVapid, type PushReceiverKeys } from "../app/platform/web-push.server";

export type ReceivedPush = { payload: string; ttl: number; urgency: string | null };

type Receiver = { keys: PushReceiverKeys; messages: ReceivedPush[]; gone: boolean; answers: number[] };

const MAX_BODY = 4096;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY + 1) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json" });
  res.end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
}

/** A fresh browser-side key pair and auth secret (what the browser makes when it subscribes). */
async function newReceiverKeys(): Promise<PushReceiverKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { p256dh: bytesToBase64Url(raw), auth: bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16))), privateKey: jwk.d! };
}

export async function startPushService(opts: { port?: number; host?: string; quiet?: boolean } = {}) {
  const host = opts.host ?? "127.0.0.1";
  const receivers = new Map<string, Receiver>();
  let origin = "";

  async function handlePush(req: IncomingMessage, res: ServerResponse, receiver: Receiver) {
    try {
      const claims = await verifyVapid(String(req.headers.authorization ?? ""));
      if (claims.aud !== origin) return send(res, 401, { error: "VAPID audience is not this push service" });
    } catch (error) {
      return send(res, 401, { error: String(error) });
    }
    const ttl = Number(req.headers.ttl);
    if (req.headers["content-encoding"] !== "aes128gcm" || !Number.isInteger(ttl) || ttl < 0)
      return send(res, 400, { error: "aes128gcm body with a TTL required" });
    const body = await readBody(req);
    if (body.length > MAX_BODY) return send(res, 413, { error: "payload too large" });
    const scripted = receiver.answers.shift();
    // 0: hang; the connection stays open until the sender gives up (or the stand-in stops).
    if (scripted === 0) return;
    if (scripted) return send(res, scripted, { error: "scripted answer" });
    if (receiver.gone) return send(res, 410, { error: "subscription expired" });
    try {
      const payload = await decryptPushPayload(new Uint8Array(body), receiver.keys);
      receiver.messages.push({ payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null });
      if (!opts.quiet) console.log(`push service stand-in: received ${payload}`);
      res.writeHead(201, { Location: `${origin}/messages/${receiver.messages.length}` });
      res.end();
    } catch (error) {
      send(res, 400, { error: `could not decrypt: ${String(error)}` });
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin);
      const match = /^\/push\/([\w-]+)(\/messages|\/answer)?$/.exec(url.pathname);
      const receiver = match ? receivers.get(match[1]) : undefined;
      if (req.method === "POST" && url.pathname === "/subscriptions") {
        const id = crypto.randomUUID();
        const keys = await newReceiverKeys();
        receivers.set(id, { keys, messages: [], gone: false, answers: [] });
        return send(res, 201, { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } });
      }
      if (req.method === "GET" && url.pathname === "/") {
        const lines = [...receivers].map(
          ([id, r]) => `${id}${r.gone ? " (gone)" : ""}\n${r.messages.map((m) => `  ${m.payload}`).join("\n")}`,
        );
        return send(res, 200, `Local push service stand-in — not a real push service\n\n${lines.join("\n") || "(no subscriptions)"}\n`);
      }
      if (!match || !receiver) return send(res, 404, { error: "no such subscription" });
      if (req.method === "POST" && !match[2]) return handlePush(req, res, receiver);
      if (req.method === "GET" && match[2] === "/messages") return send(res, 200, receiver.messages);
      if (req.method === "POST" && match[2] === "/answer") {
        const { status, times = 1 } = JSON.parse((await readBody(req)).toString() || "{}") as { status: number; times?: number };
        receiver.answers.push(...Array.from({ length: times }, () => status));
        return send(res, 204);
      }
      if (req.method === "DELETE" && !match[2]) {
        receiver.gone = true;
        return send(res, 204);
      }
      send(res, 405, { error: "method not allowed" });
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
