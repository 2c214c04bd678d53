/**
 * A build step for the static rules pages: a line `<!-- rule-help: daifugo ja house -->` is replaced by that game's
 * rules explained (`src/games/<id>/help.ts` and its `explained/<lang>.ts`, the catalogue the table's chips and the
 * lobby open) in that language — `house`: its house rules as a list, `table`: the rest (what the table names) as a
 * list of terms. So the pages and the site explain a rule in the same words, written once, and the pages stay plain
 * HTML (no script needed).
 */
import { resolve } from "node:path";
import { runnerImport, type Plugin } from "vite";
import type { RuleCatalogue, RuleEntry } from "../src/games/help.ts";
import { LANGS, type Lang } from "../src/prefs-types.ts";

const DIRECTIVE = /^([ \t]*)<!-- rule-help: ([\w-]+) (ja|en|ko) (house|table) -->$/gm;

const escape = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML of one part of a game's rules explained, in the language of `entries`. */
export function ruleList(help: RuleCatalogue, entries: Record<string, RuleEntry>, part: "house" | "table"): string {
  const listed = help.rules.filter((rule) => help.house.includes(rule) === (part === "house")).map((rule) => entries[rule]);
  return part === "house"
    ? `<ul class="rule-list">\n${listed.map((e) => `  <li><b>${escape(e.name)}</b>: ${escape(e.text)}</li>`).join("\n")}\n</ul>`
    : `<dl class="rule-terms">\n${listed.map((e) => `  <dt>${escape(e.name)}</dt><dd>${escape(e.text)}</dd>`).join("\n")}\n</dl>`;
}

/** A module of `src/games/<game>/`, imported at build time (each is imported on its own: Vite's module runner closes
 * once a module has been imported, so a catalogue's own loaders cannot run here). */
function imported<T>(games: string, game: string, path: string): Promise<T> {
  return runnerImport<T>(resolve(games, game, path), { configFile: false }).then((result) => result.module);
}

export function includeRuleHelp(games: string): Plugin {
  const loaded = new Map<string, Promise<{ help: RuleCatalogue; entries: Record<Lang, Record<string, RuleEntry>> }>>();
  const catalogue = (game: string) => {
    if (!loaded.has(game)) {
      const languages = LANGS.map((lang) =>
        imported<{ entries: Record<string, RuleEntry> }>(games, game, `explained/${lang}.ts`).then((m) => [lang, m.entries] as const));
      loaded.set(game, Promise.all([imported<{ help: RuleCatalogue }>(games, game, "help.ts"), Promise.all(languages)])
        .then(([{ help }, entries]) => ({ help, entries: Object.fromEntries(entries) as Record<Lang, Record<string, RuleEntry>> })));
    }
    return loaded.get(game)!;
  };
  return {
    name: "deckroom:include-rule-help",
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        const found = [...html.matchAll(DIRECTIVE)];
        const lists = await Promise.all(found.map(async ([, indent, game, lang, part]) => {
          const { help, entries } = await catalogue(game);
          return ruleList(help, entries[lang as Lang], part as "house" | "table").replace(/^/gm, indent);
        }));
        let at = 0;
        return html.replace(DIRECTIVE, () => lists[at++]);
      },
    },
  };
}
