/**
 * A build step for the static rules pages: a line `<!-- include: bar.html -->` is replaced by that file from the
 * partials folder, so the pages share their head and language bar instead of repeating them. It runs before
 * Vite reads the page (`order: "pre"`), so a script or link in a partial is bundled like one written in place.
 *
 *     <head>
 *       <!-- include: head.html -->
 *       <title>…</title>
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

const INCLUDE = /^([ \t]*)<!-- include: ([\w.-]+) -->$/gm;

export function includePartials(folder: string): Plugin {
  const partial = (indent: string, name: string): string =>
    readFileSync(resolve(folder, name), "utf8").trimEnd().replace(/^/gm, indent);
  return {
    name: "deckroom:include-partials",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => html.replace(INCLUDE, (_, indent: string, name: string) => partial(indent, name)),
    },
  };
}
