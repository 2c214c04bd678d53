import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../i18n";
import { LOBBY_GAMES } from "../testing/fixtures";
import { gameName, gameOf, games, loadGame, playOf } from ".";

beforeEach(() => setLanguage("ja"));

/** The source of every module of `ui/` (tests excluded), by path. */
const UI: Record<string, string> = import.meta.glob(["../ui/**/*.{ts,tsx}", "!../ui/**/*.test.ts"], {
  query: "?raw", import: "default", eager: true,
});

describe("the registry", () => {
  it("maps each game id to a complete game, its table loaded on demand", async () => {
    const ids = games().map((game) => game.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const game of games()) {
      expect(gameOf(game.id)).toBe(game);
      expect(game.name()).not.toBe("");
      expect(game.blurb()).not.toBe("");
      expect(game.cardsPlayed(3)).toMatch(/3/);
      const play = (await loadGame(game.id))!;
      expect(playOf(game.id)).toBe(play);
      expect(await loadGame(game.id)).toBe(play);
      expect(typeof play.Table).toBe("function");
      expect(typeof play.Ranking).toBe("function");
      expect(typeof play.Card).toBe("function");
      expect(typeof play.log.move).toBe("function");
      expect(typeof play.log.engine).toBe("function");
    }
  });

  it("knows every game the server lists, and names every option and value it sends", () => {
    for (const lobbyGame of LOBBY_GAMES) {
      const game = gameOf(lobbyGame.id)!;
      expect(game).toBeDefined();
      for (const [option, spec] of Object.entries(lobbyGame.options ?? {})) {
        expect(game.options.option(option)).not.toBe(option);
        for (const value of spec.choices) {
          if (typeof value !== "boolean") expect(game.options.value(option, value)).not.toBe(String(value));
        }
      }
      for (const preset of Object.keys(lobbyGame.presets ?? {})) expect(game.options.preset(preset)).not.toBe(preset);
    }
  });

  it("names a game it does not know by its id", () => {
    expect(gameOf("hanafuda")).toBeUndefined();
    expect(playOf("hanafuda")).toBeUndefined();
    expect(gameName("hanafuda")).toBe("hanafuda");
    expect(gameName("color-match")).toBe("カラーマッチ");
  });
});

describe("ui/", () => {
  it("imports no game folder: only the registry and the plugin types", () => {
    expect(Object.keys(UI).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(UI)) {
      const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
      expect(imports.filter((path) => /games\/[^/]+\//.test(path)), file).toEqual([]);
    }
  });

  it("copies nothing the server sends: no game ids, presets or option names", () => {
    const copied = /"(color-match|color-rows|daifugo|basic|house|multi_play|stacking|scoring|eight_cut|jokers)"/;
    for (const [file, source] of Object.entries(UI)) expect(source, file).not.toMatch(copied);
  });
});
