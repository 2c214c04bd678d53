/**
 * The registry: every game the client can show, by the id the server uses. A game is one folder that exports
 * one `GamePlugin` (see types.ts and docs/frontend.md) and one line here; `ui/` asks only this module.
 */
import { colorMatch } from "./color-match";
import { colorRows } from "./color-rows";
import { daifugo } from "./daifugo";
import type { GamePlugin } from "./types";

const GAMES: readonly GamePlugin[] = [
  colorMatch,
  colorRows,
  daifugo,
];

const BY_ID = new Map(GAMES.map((game) => [game.id, game]));

/** Every registered game, in the order the home screen lists them. */
export const games = (): readonly GamePlugin[] => GAMES;

/** The game of `id`, or undefined for a game this client does not know (a newer server). */
export const gameOf = (id: string | null | undefined): GamePlugin | undefined => (id ? BY_ID.get(id) : undefined);

/** A game's name in the reader's language; an unknown game reads as its id. */
export const gameName = (id: string): string => gameOf(id)?.name() ?? id;
