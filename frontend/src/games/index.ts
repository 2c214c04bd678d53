/**
 * The registry: every game the client can show, by the id the server uses. A game is one folder that exports one
 * `GameInfo` (index.ts: its name, options, how to load the rest) and one `GamePlay` (play.ts: its table), see
 * types.ts and docs/frontend.md, and one line here; `ui/` asks only this module.
 *
 * The first page carries only the `GameInfo`s: each game's table is a chunk of its own, loaded when it is needed
 * (the lobby selects or votes for it, a room frame says it is being played) — docs/decisions.md, "Each game's
 * table on demand".
 */
import { useEffect } from "preact/hooks";
import { createStore, useStore } from "../store";
import { colorMatch } from "./color-match";
import { colorRows } from "./color-rows";
import { daifugo } from "./daifugo";
import type { RuleCatalogue } from "./help";
import type { GameInfo, GamePlay } from "./types";

const GAMES: readonly GameInfo[] = [
  colorMatch,
  colorRows,
  daifugo,
];

const BY_ID = new Map(GAMES.map((game) => [game.id, game]));

/** Every registered game, in the order the home screen lists them. */
export const games = (): readonly GameInfo[] => GAMES;

/** The game of `id`, or undefined for a game this client does not know (a newer server). */
export const gameOf = (id: string | null | undefined): GameInfo | undefined => (id ? BY_ID.get(id) : undefined);

/** A game's name in the reader's language; an unknown game reads as its id. */
export const gameName = (id: string): string => gameOf(id)?.name() ?? id;

/** The tables loaded so far, by game id: a store, so that a screen waiting for one re-renders when it comes. */
const loaded = createStore<Record<string, GamePlay>>({});
/** Loads under way (a failed one is forgotten, so the next need tries again). */
const loading = new Map<string, Promise<GamePlay | undefined>>();

/** The table of `id` once loaded (undefined before, and for an unknown game). */
export const playOf = (id: string | null | undefined): GamePlay | undefined => (id ? loaded.get()[id] : undefined);

/** Loads the table of `id` (once; the same promise for every caller); undefined for an unknown game or a failed load. */
export function loadGame(id: string | null | undefined): Promise<GamePlay | undefined> {
  const game = gameOf(id);
  if (!game) return Promise.resolve(undefined);
  const done = playOf(game.id);
  if (done) return Promise.resolve(done);
  let load = loading.get(game.id);
  if (!load) {
    load = game.load().then(
      async (play) => {
        await play.ready;
        loaded.set({ [game.id]: play });
        return play;
      },
      () => {
        loading.delete(game.id);
        return undefined;
      },
    );
    loading.set(game.id, load);
  }
  return load;
}

/** Starts loading the tables of `ids` ahead of need (a game picked in the lobby will likely be played). */
export function prefetchGames(ids: Iterable<string | null | undefined>): void {
  for (const id of ids) if (gameOf(id) && !playOf(id)) void loadGame(id);
}

/** The table of `id` for a component: loads it if need be, and re-renders the component when it comes. */
export function useGame(id: string | null | undefined): GamePlay | undefined {
  const all = useStore(loaded);
  useEffect(() => void loadGame(id), [id]);
  return id ? all[id] : undefined;
}

/** The rules explained of each game whose catalogue has come (games/help.ts; a store, like the tables). */
const explained = createStore<Record<string, RuleCatalogue>>({});

/** A game's rules explained for a component (the lobby's options): loads them, and re-renders when they come. */
export function useRuleHelp(id: string | null | undefined): RuleCatalogue | undefined {
  const all = useStore(explained);
  useEffect(() => {
    const game = gameOf(id);
    if (game && !explained.get()[game.id]) {
      void game.help().then(async (help) => {
        await help.ready;
        explained.set({ [game.id]: help });
      }, () => undefined);
    }
  }, [id]);
  return id ? all[id] : undefined;
}
