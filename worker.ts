import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { getLoadContext } from "./load-context";
import type { Bindings } from "./app/platform/env.server";
import { routeRooms } from "./party/route-rooms";
import { applySecurityHeaders, createNonce, isCrossSiteWrite } from "./app/platform/security.server";
import { applyPrivateCaching, readableFormRequest } from "./app/web/request-guards.server";
import { sessionCookieName } from "./app/web/session.server";
import { parseEnv } from "./app/platform/env.server";
import { cleanupPhotos } from "./app/features/photos/cleanup.server";
import { DEAL_CLOCK_CRON, runDealClockJob } from "./app/features/notifications/deal-clock-job.server";
import { MATCHER_CRON, runMatcher } from "./app/features/matching/matcher.server";
import { lapseMeetupRings } from "./app/features/swap-days/meetup-handover.server";
import { DIGEST_CRON, runMatchDigest } from "./app/features/notifications/match-digest.server";
import { createPresenceOf, createPublish, createRealtime } from "./app/features/realtime/realtime.server";
import { runAwayMail } from "./app/features/notifications/away.server";
import { runPriceDropMail, runPriceDrops } from "./app/features/notifications/price-drops.server";
import { runSwapDaySolves } from "./app/features/swap-days/results.server";
import { runOutgrownPrompts } from "./app/features/notifications/outgrown-mail.server";
import { pushNewMatches } from "./app/features/notifications/kind-push.server";
import { drainPushQueue } from "./app/features/notifications/push.server";
import { blockedAudience } from "./app/features/realtime/blocked-audience.server";
import { createDb } from "./db/client";
import { faultSwitch, withFaults } from "./app/web/faults.server";

type Env = Bindings & Record<string, unknown>;

/**
 * The Worker's fetch handler around a Remix server build. server.ts wires it to ./build/server;
 * the end-to-end stack wires it to a private build snapshot (scripts/e2e-server.ts).
 */
export function createWorker(build: unknown) {
  const handleRemixRequest = createRequestHandler(build as ServerBuild);
  return {
    async fetch(request: Request, rawEnv: Env, ctx: ExecutionContext): Promise<Response> {
      const url = new URL(request.url);
      try {
        if (isCrossSiteWrite(request)) {
          return new Response("Cross-site request refused", { status: 403, headers: { "X-Content-Type-Options": "nosniff" } });
        }
        // The dev-only fault switch (ADR 047): never on in production, where parseEnv refuses dev routes.
        const { devRoutes } = parseEnv(rawEnv);
        if (url.pathname === "/dev/faults") return await faultSwitch(request, devRoutes);
        const env = withFaults(rawEnv, devRoutes);
        if (url.pathname.startsWith("/parties/")) {
          return (await routeRooms(request, env)) ?? new Response("Not found", { status: 404 });
        }
        const readable = await readableFormRequest(request);
        if (readable instanceof Response) return readable;
        const nonce = createNonce();
        const loadContext = getLoadContext({ request: readable, context: { cloudflare: { env, ctx, cf: request.cf } }, nonce });
        const response = await handleRemixRequest(readable, loadContext);
        const headers = new Headers(response.headers);
        let status = response.status;
        headers.set("X-Request-Id", loadContext.requestId);
        // The database could not be reached (ADR 047): the friendly page stays, the status says "try later".
        if (loadContext.failure === "db_unavailable" && status >= 500) {
          status = 503;
          headers.set("Retry-After", "30");
          headers.set("Cache-Control", "no-store");
        }
        if (loadContext.dbTrace) {
          // What the database is asked from here on (waitUntil) is off the page's path (ADR 034).
          loadContext.dbTrace.responded();
          headers.set("X-DB-Trace", loadContext.dbTrace.id);
        }
        applySecurityHeaders(headers, { nonce, url, env: loadContext.env });
        applyPrivateCaching(headers, request, sessionCookieName(loadContext.env));
        return new Response(response.body, {
          status,
          statusText: status === response.status ? response.statusText : "Service Unavailable",
          headers,
        });
      } catch (error) {
        // Never a stack trace to the browser; the structured line is for the operator.
        console.error(JSON.stringify({ level: "error", event: "worker_error", path: url.pathname, message: String(error) }));
        return new Response("Something went wrong. Please try again later.", {
          status: 500,
          headers: { "content-type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
        });
      }
    },

    /**
     * Cron triggers (wrangler.toml [triggers]), one job per cron: the deal clock every 15 minutes
     * (ADR 068), the matcher and the away mail every 5 and the match digest daily (ADR 071), otherwise the daily photo
     * cleanup (ADR 017) — also what a bare
     * `/__scheduled` (no cron) runs under `wrangler dev --test-scheduled`.
     */
    async scheduled(controller: ScheduledController, rawEnv: Env, ctx: ExecutionContext): Promise<void> {
      const config = parseEnv(rawEnv);
      const env = withFaults(rawEnv, config.devRoutes);
      // A client of its own for this invocation: nothing that does I/O outlives it.
      const db = createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
      try {
        // The rooms hear of what a job changed, off this invocation's path (waitUntil).
        const publish = () =>
          createPublish(createRealtime(env, config.REALTIME_SECRET), (promise) => ctx.waitUntil(promise), blockedAudience(db));
        if (controller.cron === DEAL_CLOCK_CRON) {
          const report = await runDealClockJob({ db, env: config, publish: publish() });
          console.log(JSON.stringify({ level: "info", event: "deal_clock", ...report }));
          // Meet-up Swap Day rings not confirmed by their event's close: cancelled whole, items released (ADR 090).
          const lapsedRings = await lapseMeetupRings(db);
          console.log(JSON.stringify({ level: "info", event: "swap_day_rings_lapsed", rings: lapsedRings }));
        } else if (controller.cron === MATCHER_CRON) {
          // Price drops whose hour is over (ADR 086) first: their listings are due for the matcher too.
          const drops = await runPriceDrops({ db, publish: publish(), env: config });
          // Swap Days at their results date (ADR 089): the solve runs here, never in a request a person waits on.
          const swaps = await runSwapDaySolves(db);
          console.log(JSON.stringify({ level: "info", event: "swap_day_solves", ...swaps }));
          const matchedAt = new Date();
          const report = await runMatcher({ db, publish: publish() }, { now: matchedAt });
          // Pushes for the matches this run wrote (ADR 100), before the e-mails.
          await pushNewMatches({ db, env: config }, matchedAt);
          const dropMail = await runPriceDropMail({ db, env: config }, { mode: "email_now" });
          console.log(JSON.stringify({ level: "info", event: "price_drops", ...drops, mailed: dropMail }));
          // 'E-mail right away' for matches: straight after the run that found them.
          const mailed = await runMatchDigest({ db, env: config }, { mode: "email_now" });
          console.log(JSON.stringify({ level: "info", event: "matcher", ...report, mailed }));
          // E-mail when away (ADR 073) rides on this 5-minute cron: "10 minutes away" is thus 10–15
          // in production (10–11 under npm start, which runs this cron every minute).
          const away = await runAwayMail({ db, env: config, presence: createPresenceOf(env, config.REALTIME_SECRET) });
          console.log(JSON.stringify({ level: "info", event: "away_mail", ...away }));
          // The push outbox's retries (ADR 087): what a 429 or 5xx put off, once its back-off passed.
          const pushed = await drainPushQueue({ db, env: config });
          console.log(JSON.stringify({ level: "info", event: "push_drain", ...pushed }));
        } else if (controller.cron === DIGEST_CRON) {
          const report = await runMatchDigest({ db, env: config }, { mode: "email_digest" });
          console.log(JSON.stringify({ level: "info", event: "match_digest", ...report }));
          // 'Outgrown anything?' (ADR 091): once a day is enough for a season's two dates.
          const outgrown = await runOutgrownPrompts({ db, env: config });
          console.log(JSON.stringify({ level: "info", event: "outgrown_prompts", ...outgrown }));
          const dropDigest = await runPriceDropMail({ db, env: config }, { mode: "email_digest" });
          console.log(JSON.stringify({ level: "info", event: "price_drop_digest", ...dropDigest }));
          // 'E-mail digest' for messages, deal steps, club requests and approvals, announcements: once a day.
          const away = await runAwayMail(
            { db, env: config, presence: createPresenceOf(env, config.REALTIME_SECRET) },
            { mode: "email_digest" },
          );
          console.log(JSON.stringify({ level: "info", event: "away_digest", ...away }));
        } else {
          const report = await cleanupPhotos(db, env.PHOTOS);
          console.log(JSON.stringify({ level: "info", event: "photo_cleanup", ...report }));
        }
      } finally {
        db.$client.close();
      }
    },
  } satisfies ExportedHandler<Env>;
}
