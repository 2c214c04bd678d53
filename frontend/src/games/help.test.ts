/** The rules explained (games/help.ts): every rule a table's chip or the lobby names has its words in ja, en, ko. */
import { describe, expect, it } from "vitest";
import { LANGS } from "../prefs-types";
import { LOBBY_GAMES } from "../testing/fixtures";
import { games } from ".";
import { ruleCatalogue } from "./help";

/** The source of every game's components, by path. */
const SOURCES: Record<string, string> = import.meta.glob("./*/*.tsx", { query: "?raw", import: "default", eager: true });
const catalogues = await Promise.all(games().map(async (game) => [game.id, await game.help()] as const));

/** The rules a game's table names on a chip: `help.entry("…")` in its sources. */
function chipRules(id: string): string[] {
  const sources = Object.entries(SOURCES).filter(([path]) => path.startsWith(`./${id}/`)).map(([, source]) => source);
  return [...sources.join("\n").matchAll(/help\.entry\("(\w+)"\)/g)].map((match) => match[1]);
}

describe.each(catalogues)("%s's rules explained", (id, help) => {
  it("explains every option the lobby shows", () => {
    const options = Object.keys(LOBBY_GAMES.find((game) => game.id === id)?.options ?? {});
    expect(options.length).toBeGreaterThan(0);
    expect(options.filter((option) => !help.has(option))).toEqual([]);
  });

  it("explains every rule its table names on a chip", () => {
    const named = chipRules(id);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((rule) => !help.has(rule))).toEqual([]);
  });

  it("has a name and a text in every language, each language its own", () => {
    for (const rule of help.rules) {
      for (const lang of LANGS) {
        const { name, text } = help.entry(rule, lang);
        expect(name.trim(), `${rule} ${lang}`).not.toBe("");
        expect(text.length, `${rule} ${lang}`).toBeGreaterThan(20);
      }
      expect(help.entry(rule, "ja").text).not.toBe(help.entry(rule, "en").text);
      expect(help.entry(rule, "ko").text).not.toBe(help.entry(rule, "en").text);
    }
  });

  it("names an option as the lobby does", () => {
    const words = games().find((game) => game.id === id)!.options;
    for (const option of Object.keys(LOBBY_GAMES.find((game) => game.id === id)?.options ?? {})) {
      expect(help.entry(option).name).toBe(words.option(option));
    }
  });
});

describe("a catalogue whose languages cannot load", () => {
  const offline = () => Promise.reject(new Error("offline"));
  const help = ruleCatalogue<"stacking">({ en: offline, ja: offline, ko: offline }, ["stacking"], ["stacking"]);

  it("still answers with the rule's id, so a table never breaks; an unknown rule is a mistake", async () => {
    await help.ready;
    expect(help.entry("stacking")).toEqual({ name: "stacking", text: "" });
    expect(() => help.entry("revolution")).toThrow("no explanation of revolution");
  });
});
