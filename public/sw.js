// LockerSwap's service worker (ADR 087). It caches only two things: the build's hashed static
// assets (/assets/*, immutable, so a cached copy is never stale) and the offline page. Pages,
// loader data (*.data), photos (/photos/*, private listings' included) and every API answer go to
// the network untouched and are never stored. A page that cannot load offline gets /offline.html.
//
// Updates: a new worker installs beside the old one and waits; the page script posts "take-over" on
// the next full page load, so the new worker only ever starts serving at a navigation, never under a
// form being filled in (nothing reloads when it takes over). Bump VERSION when this file or the
// offline page changes: the browser compares this file byte for byte.
//
// Pruning (ADR 100): the assets cache keeps only the build in use. Every page names its build's Remix
// manifest (/assets/manifest-<hash>.js, in the inline window.__remixManifest), which names every
// route's chunks and stylesheets (the chunks they import() are named inside them), and whose name
// changes with each build. When a new worker takes
// over, and when a page names a manifest the cache does not hold yet (a deploy that left this file
// alone), the worker stores that manifest and deletes every cached /assets/ entry it does not name.
// Deleting too much costs one refetch; nothing else is ever removed.
const VERSION = "3";
const OFFLINE_CACHE = `offline-v${VERSION}`;
const ASSET_CACHE = "assets";
const OFFLINE_URLS = ["/offline.html", "/favicon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(OFFLINE_CACHE).then((cache) => cache.addAll(OFFLINE_URLS)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== OFFLINE_CACHE && name !== ASSET_CACHE).map((name) => caches.delete(name))))
      .then(() => pruneToCurrentBuild())
      .then(() => self.clients.claim()),
  );
});

const MANIFEST_IN_PAGE = /\/assets\/manifest-[\w-]+\.js/;

// An asset as a module names it: "/assets/x.js" (the manifest), "./x.js" (an import between chunks,
// all in /assets/) or "assets/x.js" (Vite's preload list for a dynamic import).
const NAMED_ASSET = /(?:\/assets\/|\.\/|\bassets\/)([\w-][\w.-]*\.\w+)/g;
const namedAssets = (text) => Array.from(text.matchAll(NAMED_ASSET), (match) => `/assets/${match[1]}`);

/**
 * Deletes the cached assets that one build (its Remix manifest `manifestText`, at `manifestPath`)
 * does not reach. The manifest names each route's modules and their static imports, not the chunks
 * those load with import() (a lazy part such as the account menu, ADR 063): those are named inside
 * the chunk that imports them, so the cached chunks the build reaches are read for the names in them.
 */
async function pruneAssets(cache, manifestPath, manifestText) {
  const cached = new Map((await cache.keys()).map((request) => [new URL(request.url).pathname, request]));
  const keep = new Set([manifestPath, ...namedAssets(manifestText)]);
  const unread = [...keep];
  while (unread.length > 0) {
    const path = unread.pop();
    if (path === manifestPath || !path.endsWith(".js") || !cached.has(path)) continue;
    const hit = await cache.match(cached.get(path));
    if (!hit) continue;
    for (const named of namedAssets(await hit.text())) 
      if (!keep.has(named)) {
        keep.add(named);
        unread.push(named);
      }
  }
  for (const [path, request] of cached) if (!keep.has(path)) await cache.delete(request);
}

/**
 * A page's HTML names its build's manifest: if the cache does not hold it yet (or `always`), store it
 * and prune to it. Offline, an error page or no manifest named: nothing happens.
 */
async function keepBuildOf(html, always) {
  const path = (html.match(MANIFEST_IN_PAGE) || [])[0];
  if (!path) return;
  const cache = await caches.open(ASSET_CACHE);
  if (!always && (await cache.match(path))) return;
  const manifest = await fetch(path);
  if (!manifest.ok) return;
  await cache.put(path, manifest.clone());
  await pruneAssets(cache, path, await manifest.text());
}

/** On take-over: the build the site serves now is the one its home page names. */
async function pruneToCurrentBuild() {
  try {
    const page = await fetch("/", { credentials: "omit", cache: "no-store" });
    if (page.ok) await keepBuildOf(await page.text(), true);
  } catch {
    // No network now: the next page that names a new manifest prunes instead.
  }
}

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

/**
 * The stored offline page as a fresh response: the static-assets server may have answered the
 * precache through a redirect (/offline.html → /offline), and a navigation refuses a redirected response.
 */
async function offlinePage() {
  const stored = await caches.match("/offline.html");
  if (!stored) return Response.error();
  return new Response(await stored.blob(), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The network, always; the offline page only when there is none. Never cached.
    event.respondWith(
      fetch(request).then((response) => {
        const html = response.ok && (response.headers.get("Content-Type") || "").startsWith("text/html") ? response.clone() : null;
        if (html) event.waitUntil(html.text().then((text) => keepBuildOf(text, false)).catch(() => {}));
        return response;
      }, offlinePage),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(ASSET_CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok && response.type === "basic") void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
  // Anything else: not handled here, so the browser fetches it as if there were no worker.
});

// A push (RFC 8030) from the server: its payload is { title, body, url, tag } (ADR 087) — who and
// what kind; message text or a price only for a person who chose 'Show message text' (ADR 100).
self.addEventListener("push", (event) => {
  let message = { title: "LockerSwap", body: "You have something new on LockerSwap.", url: "/", tag: "lockerswap" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // not JSON: the generic line
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = String(event.notification.data?.url ?? "/");
  // Only a path on this site: never a full URL from a payload.
  const target = new URL(path.startsWith("/") && !path.startsWith("//") ? path : "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
