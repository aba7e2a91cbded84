// The layer check (ADR 055, README "Layout"): `npm run check:layers`, and a step of `npm test`.
// Arrows point down: routes → web / components, hooks → features → platform → shared. Colocated unit
// tests (*.test.ts) may import across layers (fixtures, controllers under test); cycles count everywhere.
// Type-only imports count like any other, with one exception: browser code may `import type` from a
// server module below it — the shape of what a loader returns (Remix's own `useLoaderData<typeof loader>`
// idiom); TypeScript erases it, so no server code reaches the browser bundle.

const TEST = "\\.test\\.tsx?$";
const SERVER = "\\.server(\\.|/)";
const REACT_OR_REMIX = "^node_modules/(@remix-run/|react/|react-dom/)";

// The features in their order (ADR 081): each may import only the features before it, so an import
// between two siblings points one way and a new feature has one place to stand. A feature that is not
// listed here fails the check until it is given its place.
const FEATURE_ORDER = [
  "permissions", // who may do what: pure tables, the Viewer, the price rule
  "geo", // ZIPs, distances
  "accounts", // users, sessions, profiles, the viewer read, member names
  "photos", // the photo ledger, R2 keys, thumbnails
  "safety", // the rules reads consult: blocks, suspensions, audit log, warnings
  "clubs", // clubs, memberships, club access
  "families", // teens and their guardians; players (children without accounts), sizes, rosters, seasons (ADR 091, 092)
  "realtime", // rooms, tokens, publishing
  "listings", // listings, visibility, prices, favourites, listing summaries
  "trade", // deals, reviews, ratings
  "messaging", // listing questions, club chat, announcements, DMs, inbox
  "item-requests", // a club's wanted posts
  "swap-days", // a club's swap events and their solver
  "club-gear", // a club's lending library and equipment drives (ADR 093)
  "search", // home and sport search, suggestions, near you
  "pricing", // price guidance from the sales of completed deals (ADR 086)
  "matching", // saved searches and the matcher
  "admin", // site admin reads and deletions
  "moderation", // reports, blocking actions, the moderation queues (act on every feature above)
  "notifications", // the bell, settings, e-mail when away, digests, deal mail — reads every feature above
];
const featureOrderRules = FEATURE_ORDER.map((feature, index) => ({
  name: `feature-order-${feature}`,
  severity: "error",
  comment: `app/features/${feature} may import only the features before it in FEATURE_ORDER (ADR 081). Move the shared piece down to the feature that owns its concept, or gather the page's data in app/web/pages/.`,
  from: { path: `^app/features/${feature}/`, pathNot: TEST },
  to: { path: `^app/features/(${FEATURE_ORDER.slice(index + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...featureOrderRules,
    {
      name: "feature-has-a-place",
      severity: "error",
      comment: "Every folder of app/features has a place in FEATURE_ORDER (ADR 081).",
      from: { path: `^app/features/(?!(${FEATURE_ORDER.join("|")})/)` },
      to: {},
    },
    {
      name: "permissions-are-pure",
      severity: "error",
      comment:
        "app/features/permissions is the one pure source of who may do what (ADR 081): no *.server module, no database, no other feature — a rule reads facts it is given.",
      from: { path: "^app/features/permissions/", pathNot: TEST },
      to: { path: [SERVER, "^app/features/(?!permissions/)", "^db/(?!schema/enums\\.ts$)", "^node_modules/drizzle-orm"] },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Import circle. Move what both modules need into a third module below both (or pass it in).",
      from: {},
      // Type-only edges are erased at build time: a circle through one is no runtime circle.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "features-import-no-ui-or-remix",
      severity: "error",
      comment:
        "app/features is the domain: rules, SQL, permissions, copy. It imports nothing from routes, web, components, hooks, Remix or React — return a typed result and let app/web turn it into a response, redirect or toast.",
      from: { path: "^app/features/", pathNot: TEST },
      to: { path: [`^app/(routes|web|components|hooks)/`, "^app/(root|entry\\.)", REACT_OR_REMIX] },
    },
    {
      name: "web-imports-no-ui",
      severity: "error",
      comment:
        "app/web is server-only Remix glue. It imports no routes, components or hooks (types included) — a shape both need belongs in the feature (or app/shared).",
      from: { path: "^app/web/", pathNot: TEST },
      to: { path: "^app/(routes|components|hooks)/" },
    },
    {
      name: "browser-imports-no-routes",
      severity: "error",
      comment:
        "Components and hooks import no route module (types included): the route imports the component, so this is a circle. Pass the data as props, or put its type in the feature.",
      from: { path: "^app/(components|hooks)/", pathNot: TEST },
      to: { path: "^app/routes/" },
    },
    {
      name: "browser-imports-no-server-code",
      severity: "error",
      comment:
        "Components and hooks run in the browser: no *.server module, nothing from app/web or app/platform at runtime (`import type` is fine). Move the value into a non-server file of the feature (copy, types) or app/shared.",
      from: { path: "^app/(components|hooks)/|^app/entry\\.client\\.tsx$", pathNot: TEST },
      to: { path: [SERVER, "^app/(web|platform)/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "shared-imports-only-shared",
      severity: "error",
      comment:
        "app/shared holds pure helpers: it imports nothing of the app but app/shared (and db/schema/enums.ts and player-size-kinds.ts, the dependency-free tuples of allowed values).",
      from: { path: "^app/shared/", pathNot: TEST },
      to: {
        path: "^(app/|db/|party/|tests/|scripts/|bench/|load-context|worker|server)",
        pathNot: ["^app/shared/", "^db/schema/(enums|player-size-kinds)\\.ts$"],
      },
    },
    {
      name: "platform-imports-only-shared",
      severity: "error",
      comment:
        "app/platform is infrastructure (env, crypto, headers, mail, health): it imports only app/shared, itself and db/, never a feature or the web layer.",
      from: { path: "^app/platform/", pathNot: TEST },
      to: { path: "^(app/|party/|tests/|scripts/|bench/|load-context|worker|server)", pathNot: "^app/(shared|platform)/" },
    },
    {
      name: "party-imports-realtime-platform-shared",
      severity: "error",
      comment: "party/ rooms check a token and fan out: they import only app/features/realtime, app/platform and app/shared.",
      from: { path: "^party/", pathNot: TEST },
      to: { path: "^app/", pathNot: "^app/(features/realtime|platform|shared)/" },
    },
    {
      name: "routes-import-no-routes",
      severity: "error",
      comment: "A route module imports no other route (types included). Move what both need into a component, app/web or the feature.",
      from: { path: "^app/routes/", pathNot: TEST },
      to: { path: "^app/routes/" },
    },
    {
      name: "db-core-imports-no-app",
      severity: "error",
      comment: "db/ (schema, client, migrations) sits below the app: only db/seed and db/local-server may use app modules.",
      from: { path: "^db/", pathNot: [TEST, "^db/(seed|local-server)/"] },
      to: { path: "^(app|party|tests|scripts|bench)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules stays in the graph (not followed) so that imports of Remix and React can be checked.
    exclude: { path: "^(build|\\.cache|\\.wrangler|\\.data|public|test-results)/" },
    tsConfig: { fileName: "tsconfig.json" },
    // Keep type-only imports in the graph (they are checked, and marked "type-only").
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
