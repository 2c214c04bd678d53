/**
 * The build's two pieces of the installable, offline-capable site (docs/frontend.md, "Phone touches"):
 *
 * - `manifests()`: one web app manifest per language and theme (`/manifest-ja-light.webmanifest` …), from the
 *   site's catalogues and theme colours; all share `id` "/", so whichever the page links is the same app;
 * - `serviceWorker(source)`: after the bundle is written, `src/sw/worker.ts` stripped of its types and written to
 *   `/sw.js` with this build's file list — each file's path and the first 16 hex digits of its SHA-256, which the
 *   worker checks as it caches them. Icons (PNG) are left out: only installing needs them, never an offline visit.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { transformWithOxc, type Plugin } from "vite";
import { en } from "../src/i18n/en.ts";
import { ja } from "../src/i18n/ja.ts";
import { ko } from "../src/i18n/ko.ts";
import type { Lang, Theme } from "../src/prefs-types.ts";
import { manifestPath, THEME_COLORS } from "../src/touch/appearance.ts";

const CATALOGS = { ja, en, ko } as const;

export function manifest(lang: Lang, theme: Theme): Record<string, unknown> {
  const words = CATALOGS[lang];
  const color = THEME_COLORS[theme];
  return {
    id: "/",
    lang,
    dir: "ltr",
    name: words["touch.app_title"],
    short_name: words["app.name"],
    description: words["touch.app_description"],
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: color,
    theme_color: color,
    categories: ["games", "entertainment"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}

const variants = (): [Lang, Theme][] =>
  (Object.keys(CATALOGS) as Lang[]).flatMap((lang) => (Object.keys(THEME_COLORS) as Theme[]).map((theme) => [lang, theme] as [Lang, Theme]));

export function manifests(): Plugin {
  const byPath = new Map(variants().map(([lang, theme]) => [manifestPath(lang, theme), () => manifest(lang, theme)]));
  return {
    name: "deckroom:manifests",
    // `vite dev` answers them too, so the page's link never meets the SPA fallback.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const made = byPath.get(request.url ?? "");
        if (!made) return next();
        response.setHeader("Content-Type", "application/manifest+json");
        response.end(JSON.stringify(made()));
      });
    },
    generateBundle() {
      for (const [path, made] of byPath) {
        this.emitFile({ type: "asset", fileName: path.slice(1), source: `${JSON.stringify(made(), null, 2)}\n` });
      }
    },
  };
}

/** Every file of the built site a visit without a connection may need, as its address → digest. */
export function precacheList(outDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith(".")) walk(path);
      }
      else if (!/^\.|\.png$|^sw\.js$|^config\.json$/.test(entry.name)) {
        const address = "/" + relative(outDir, path).split("\\").join("/");
        files[address === "/index.html" ? "/" : address] = digest(readFileSync(path));
      }
    }
  };
  walk(outDir);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

const digest = (bytes: Buffer | string): string => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

export function serviceWorker(source: string): Plugin {
  let outDir = "";
  return {
    name: "deckroom:service-worker",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = precacheList(outDir);
      const { code } = await transformWithOxc(readFileSync(source, "utf8"), source, { lang: "ts", target: "es2020" });
      const build = digest(JSON.stringify(files));
      const head = `const BUILD = ${JSON.stringify(build)};\nconst PRECACHE = ${JSON.stringify(files, null, 1)};\n`;
      writeFileSync(join(outDir, "sw.js"), head + code);
    },
  };
}
