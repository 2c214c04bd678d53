/**
 * A build step for the static rules pages: a line `<!-- rule-help: daifugo ja house -->` is replaced by that game's
 * rules explained (`src/games/<id>/help.ts`, the catalogue the table's chips and the lobby open) in that language —
 * `house`: its house rules as a list, `table`: the rest (what the table names) as a list of terms. So the pages and
 * the site explain a rule in the same words, written once, and the pages stay plain HTML (no script needed).
 */
import { resolve } from "node:path";
import { runnerImport, type Plugin } from "vite";
import type { RuleCatalogue } from "../src/games/help.ts";
import type { Lang } from "../src/prefs-types.ts";

const DIRECTIVE = /^([ \t]*)<!-- rule-help: ([\w-]+) (ja|en|ko) (house|table) -->$/gm;

const escape = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML of one part of a catalogue in one language. */
export function ruleList(help: RuleCatalogue, lang: Lang, part: "house" | "table"): string {
  const rules = help.rules.filter((rule) => help.house.includes(rule) === (part === "house"));
  const entries = rules.map((rule) => help.entry(rule, lang));
  return part === "house"
    ? `<ul class="rule-list">\n${entries.map((e) => `  <li><b>${escape(e.name)}</b>: ${escape(e.text)}</li>`).join("\n")}\n</ul>`
    : `<dl class="rule-terms">\n${entries.map((e) => `  <dt>${escape(e.name)}</dt><dd>${escape(e.text)}</dd>`).join("\n")}\n</dl>`;
}

export function includeRuleHelp(games: string): Plugin {
  const loaded = new Map<string, Promise<RuleCatalogue>>();
  const catalogue = (game: string): Promise<RuleCatalogue> => {
    if (!loaded.has(game)) {
      const file = resolve(games, game, "help.ts");
      loaded.set(game, runnerImport<{ help: RuleCatalogue }>(file, { configFile: false }).then((result) => result.module.help));
    }
    return loaded.get(game)!;
  };
  return {
    name: "deckroom:include-rule-help",
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        const found = [...html.matchAll(DIRECTIVE)];
        const lists = await Promise.all(found.map(async ([, indent, game, lang, part]) =>
          ruleList(await catalogue(game), lang as Lang, part as "house" | "table").replace(/^/gm, indent)));
        let at = 0;
        return html.replace(DIRECTIVE, () => lists[at++]);
      },
    },
  };
}
