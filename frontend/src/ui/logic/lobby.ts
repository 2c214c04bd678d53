/**
 * The lobby's questions, free of any screen: what the start button would do (or why it cannot), and which preset
 * a game's options equal.
 */
import { gameName, gameOf } from "../../games";
import type { OptionLabels } from "../../games/types";
import { t } from "../../i18n";
import type { LobbyGame, RoomFrame } from "../../net/protocol";

/** What `start` would do now: start a game, let the host pick one of tied games, or why it cannot. */
export type StartPlan = { start: string } | { tied: string[] } | { why: string };

export function startPlan(room: RoomFrame): StartPlan {
  const game = (id: string) => room.lobby.games.find((g) => g.id === id);
  const startable = (id: string): StartPlan => {
    const g = game(id);
    if (!g) return { why: t("lobby.why.no_game") };
    if (!g.fits) return { why: t("lobby.why.players", { game: gameName(id), min: g.min, max: g.max, n: room.members.length }) };
    return { start: id };
  };
  if (room.settings.mode === "host") {
    return room.lobby.selected ? startable(room.lobby.selected) : { why: t("lobby.why.no_game") };
  }
  const tally = Object.entries(room.lobby.votes).filter(([, voters]) => voters.length > 0);
  if (!tally.length) return { why: t("lobby.why.no_votes") };
  const top = Math.max(...tally.map(([, voters]) => voters.length));
  const tied = tally.filter(([, voters]) => voters.length === top).map(([id]) => id);
  if (tied.length === 1) return startable(tied[0]);
  // The server breaks a tie with the host's vote; otherwise the host names one of the tied games.
  const hostVote = tied.find((id) => room.lobby.votes[id].some((m) => room.members.find((x) => x.member === m)?.host));
  return hostVote ? startable(hostVote) : { tied };
}

export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The preset whose options equal `options`, if any. */
export function presetOf(game: LobbyGame, options: Record<string, unknown>): string | null {
  const presets = Object.entries(game.presets ?? {});
  return presets.find(([, full]) => Object.entries(full).every(([key, value]) => same(options[key], value)))?.[0] ?? null;
}

/** The labels of `game`'s options: its folder's, or the raw names for a game this client does not know. */
export function labelsOf(game: string): OptionLabels {
  return gameOf(game)?.options ?? { preset: String, option: String, hint: () => "", value: (_, v) => String(v) };
}
