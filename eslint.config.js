// ESLint (flat config), run by `npm run lint` and `npm test`. Syntax-only rules: the
// type-aware sets of typescript-eslint need a full type program per run (about a minute here), and
// `tsc --noEmit` already runs in `npm test`. Layers are checked by dependency-cruiser (.dependency-cruiser.cjs).
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".cache/", ".wrangler/", ".data/", "public/", "test-results/", "playwright-report/", "blob-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "import-x": importX },
    settings: {
      // TypeScript modules take part in the import graph (import-x reads .js only by default) …
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      // … and `~/*`, `#db/*`, `#party/*` resolve through tsconfig.json's paths.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // `_`-prefixed names are placeholders on purpose (destructuring to drop a key, unused arguments).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Type-only imports are erased at build time: a cycle through them is no runtime cycle.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ["app/**/*.tsx", "app/hooks/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    // Every axe scan goes through tests/e2e/axe.ts's `axeOn` (run inside the page: half the time of the builder's default).
    files: ["tests/**/*.ts"],
    ignores: ["tests/e2e/axe.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@axe-core/playwright", message: "Use axeOn(page) from tests/e2e/axe.ts." }] }],
    },
  },
);
