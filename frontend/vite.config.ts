/// <reference types="vitest/config" />
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vite";
import { includePartials } from "./build/partials.ts";
import { manifests, serviceWorker } from "./build/pwa.ts";
import { includeRuleHelp } from "./build/ruleHelp.ts";

const here = import.meta.dirname;
/** Every game's static rules page (`rules/<game id>.html`): a new game's page is built without listing it here. */
const rulesPages = Object.fromEntries(
  readdirSync(resolve(here, "rules"))
    .filter((file) => file.endsWith(".html"))
    .map((file) => [`rules-${file.replace(/\.html$/, "")}`, resolve(here, "rules", file)]),
);

// One SPA page plus one static rules page per game: each HTML file is an entry of the multi-page build; the rules
// pages take their shared head and language bar from rules/partials/ (build/partials.ts) and each game's rules
// explained from its catalogue (build/ruleHelp.ts). The web app manifests and the service worker are written by
// build/pwa.ts.
export default defineConfig({
  plugins: [
    includePartials(resolve(here, "rules/partials")), includeRuleHelp(resolve(here, "src/games")), manifests(),
    serviceWorker(resolve(here, "src/sw/worker.ts")),
  ],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    target: "es2020",
    // dist/.vite/manifest.json: which chunks and styles each on-demand part (a game's table, a screen) brings, for
    // bench/bench_site.py (never deployed: build/pwa.ts and the deploy skip dot folders).
    manifest: true,
    rollupOptions: {
      input: { app: resolve(here, "index.html"), ...rulesPages },
    },
  },
  // The client's unit tests (Vitest, `npm test`): pure logic — no page, no server.
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["src/testing/setup.ts"],
  },
});
