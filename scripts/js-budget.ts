/**
 * The first-load JavaScript budget (ADR 033), read from a build's Remix manifest
 * (build/client/assets/manifest-<hash>.js): for each page, the files the server-rendered HTML makes
 * the browser load before the page is interactive — entry.client and its imports, then every
 * matched route's module and its static imports (what Remix writes as `<link rel="modulepreload">`).
 * Sizes are gzip level 9 per file, code only (the inline loader data is not counted). Dynamic
 * imports (`import()`, `React.lazy`) are not first load; bench/first-load-js.ts also loads each
 * page in Chromium and prints what arrives until the network is idle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** KB = 1024 bytes of gzip. Pages a signed-out visitor can open, and pages behind sign-in. */
export const VISITOR_BUDGET_KB = 96;
export const SIGNED_IN_BUDGET_KB = 110;

export type PageType = {
  /** The URL shape, with {id}/{slug} where the bench fills in a demo listing or club. */
  page: string;
  /** Remix route id of the leaf route; its parents come from the manifest. */
  routeId: string;
  /** A signed-out visitor can open it (budget 96 KB); otherwise it needs sign-in (110 KB). */
  visitor: boolean;
};

// Every page type a person can open (resource routes, redirects-only routes and dev pages left out).
export const PAGE_TYPES: PageType[] = [
  { page: "/", routeId: "routes/_index", visitor: true },
  { page: "/sport/soccer", routeId: "routes/sport.$sport", visitor: true },
  { page: "/listing/{id}", routeId: "routes/listing.$id", visitor: true },
  { page: "/clubs", routeId: "routes/clubs._index", visitor: true },
  { page: "/club/{slug}", routeId: "routes/club.$slug._index", visitor: true },
  { page: "/auth", routeId: "routes/auth", visitor: true },
  { page: "/verify-email", routeId: "routes/verify-email", visitor: true },
  { page: "/transparency", routeId: "routes/transparency", visitor: true },
  { page: "/list-item", routeId: "routes/list-item", visitor: false },
  { page: "/listing/{id}/edit", routeId: "routes/listing.$id_.edit", visitor: false },
  { page: "/clubs/new", routeId: "routes/clubs.new", visitor: false },
  { page: "/club/{slug}/manage", routeId: "routes/club.$slug.manage", visitor: false },
  { page: "/club/{slug}/requests/new", routeId: "routes/club.$slug.requests_.new", visitor: false },
  { page: "/player-profile", routeId: "routes/player-profile", visitor: false },
  { page: "/account/location", routeId: "routes/account.location", visitor: false },
  { page: "/messages", routeId: "routes/messages", visitor: false },
  { page: "/team-hub", routeId: "routes/team-hub", visitor: false },
  { page: "/on-deck", routeId: "routes/on-deck", visitor: false },
  { page: "/in-play", routeId: "routes/in-play", visitor: false },
  { page: "/admin", routeId: "routes/admin", visitor: false },
  { page: "/deals/{id}", routeId: "routes/deals.$id", visitor: false },
  { page: "/report", routeId: "routes/report", visitor: false },
  { page: "/appeal", routeId: "routes/appeal", visitor: false },
  { page: "/block/{id}", routeId: "routes/block.$userId", visitor: false },
  { page: "/admin/reports", routeId: "routes/admin_.reports", visitor: false },
  { page: "/saved-searches", routeId: "routes/saved-searches", visitor: false },
];

/**
 * Pages still over their budget when it was last worked on (ADR 033 says why and what is
 * left): a ratchet, not an allowance. Each may not grow past its ceiling, and the spec fails once a
 * page is back inside its budget until its line here is removed. The bench prints them OVER.
 */
export const OVER_BUDGET_CEILINGS_KB: Readonly<Record<string, number>> = {};

export function budgetKb(type: PageType) {
  return type.visitor ? VISITOR_BUDGET_KB : SIGNED_IN_BUDGET_KB;
}

type RemixManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
};

export function readRemixManifest(clientDir: string): RemixManifest {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No Remix manifest (assets/manifest-*.js) in ${clientDir}: build first`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as RemixManifest;
}

/** The files (URL paths) a page's first load fetches: entry, then root → leaf modules and imports. */
export function firstLoadFiles(manifest: RemixManifest, routeId: string) {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`Route ${id} is not in the manifest`);
    chain.unshift(id);
  }
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of chain) {
    files.add(manifest.routes[id].module);
    for (const file of manifest.routes[id].imports ?? []) files.add(file);
  }
  return [...files];
}

export function gzipBytes(body: Buffer | string) {
  return gzipSync(body, { level: 9 }).length;
}

export type Measured = PageType & { files: { path: string; bytes: number }[]; kb: number; budget: number; over: boolean };

/** First-load gzip of every page type in a build's client folder (e.g. build/client). */
export function measureBuild(clientDir: string, types = PAGE_TYPES): Measured[] {
  const manifest = readRemixManifest(clientDir);
  const sizes = new Map<string, number>();
  const size = (path: string) => {
    if (!sizes.has(path)) sizes.set(path, gzipBytes(readFileSync(join(clientDir, path))));
    return sizes.get(path)!;
  };
  return types.map((type) => {
    const files = firstLoadFiles(manifest, type.routeId)
      .map((path) => ({ path, bytes: size(path) }))
      .sort((a, b) => b.bytes - a.bytes);
    const kb = files.reduce((sum, file) => sum + file.bytes, 0) / 1024;
    const budget = budgetKb(type);
    return { ...type, files, kb, budget, over: kb > budget };
  });
}

export const kb = (value: number) => value.toFixed(1);
