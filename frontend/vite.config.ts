import { resolve } from "node:path";
import { defineConfig } from "vite";
import { includePartials } from "./build/partials.ts";

// One SPA page plus one static rules page per game: each HTML file is an entry of the multi-page build; the rules
// pages take their shared head and language bar from rules/partials/ (build/partials.ts).
export default defineConfig({
  plugins: [includePartials(resolve(import.meta.dirname, "rules/partials"))],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    target: "es2020",
    rollupOptions: {
      input: {
        app: resolve(import.meta.dirname, "index.html"),
        colorMatch: resolve(import.meta.dirname, "rules/color-match.html"),
        colorRows: resolve(import.meta.dirname, "rules/color-rows.html"),
      },
    },
  },
});
