/**
 * The game log: each room frame's `events` (codes and data, never text) turned into lines in the reader's
 * language. Names are captured when the event arrives, so a player who leaves later still reads right.
 */
import { cardName } from "../games/color-match/cards";
import { rowCardName } from "../games/color-rows/cards";
import { t, tKnown, type Key, type Params } from "../i18n";
import { en as CATALOG_KEYS } from "../i18n/en";
import type { GameId, RoomEvent, RoomFrame } from "../net/protocol";

export interface LogEntry {
  id: number;
  event: RoomEvent;
  names: Record<string, string>;
  seatNames: Record<number, string>;
  game: GameId | null;
}

let nextId = 1;

/** The log entries of one room frame (the caller keeps the last few dozen). */
export function entriesOf(frame: RoomFrame): LogEntry[] {
  const names = Object.fromEntries(frame.members.map((m) => [m.member, m.name]));
  const seatNames: Record<number, string> = {};
  for (const { seat, member, name } of frame.game?.seats ?? []) seatNames[seat] = names[member] ?? name ?? "?";
  return frame.events.map((event) => ({ id: nextId++, event, names, seatNames, game: frame.game?.id ?? null }));
}

/**
 * The catalogue key of an engine event (docs/engine.md): `log.<game>.<type>`, refined where the data changes the
 * sentence (why cards were drawn; whether a challenge caught a bluff). Keys not in the catalogue are not shown:
 * those events repeat what the player's move already says.
 */
function engineKey(game: GameId | null, step: Record<string, unknown>): string {
  const base = `log.${game}.${step.type}`;
  if (game === "color-match" && step.type === "drew") return `${base}.${step.reason}`;
  if (game === "color-match" && step.type === "challenge") return `${base}.${step.guilty ? "guilty" : "innocent"}`;
  return base;
}

const gameName = (game: unknown) => tKnown(`game.${game}`, {}, "game.unknown");

/** The lines of one entry; empty when the event says nothing worth reading (the next line says it better). */
export function describe(entry: LogEntry): string[] {
  const { event, names, seatNames, game } = entry;
  const card = (code: unknown) => (game === "color-rows" ? rowCardName(String(code)) : cardName(String(code)));
  const params: Params = {
    name: names[event.member as string] ?? seatNames[event.seat as number] ?? "?",
  };
  switch (event.code) {
    case "moved": {
      const m = event.move as Record<string, unknown>;
      if (game === "color-rows" && m.type !== "take") return []; // the engine's `drew` / `placed` name the card
      if (Array.isArray(m.cards)) params.cards = m.cards.map(card).join("・");
      if (m.color) params.color = t(`color.${m.color}` as Key);
      if (typeof m.row === "number") params.row = m.row + 1;
      if (typeof m.target === "number") params.target = seatNames[m.target] ?? "?";
      const key = m.type === "play" && m.color ? "log.move.play_wild" : `log.move.${m.type}`;
      return [tKnown(key, params, "log.move.other")];
    }
    case "engine":
      return ((event.events as Record<string, unknown>[]) ?? []).flatMap((step) => {
        const key = engineKey(game, step);
        if (!(key in CATALOG_KEYS)) return [];
        const data: Params = { name: seatNames[step.seat as number] ?? "?" };
        if (step.card) data.card = card(step.card);
        if (Array.isArray(step.cards)) data.cards = step.cards.map(card).join("・");
        if (typeof step.cards === "number") data.n = step.cards;
        if (typeof step.row === "number") data.row = step.row + 1;
        if (typeof step.round === "number") data.round = step.round;
        if (typeof step.count === "number") data.n = step.count;
        if (typeof step.target === "number") data.target = seatNames[step.target] ?? "?";
        return [tKnown(key, data, "log.move.other")];
      });
    case "game_started":
      return [t("log.game_started", { game: gameName(event.game), n: Number(event.number) })];
    case "game_over": {
      const winners = ((event.winners as string[]) ?? []).map((id) => names[id] ?? "?");
      return [winners.length ? t("log.game_over", { names: winners.join("・") }) : t("log.game_over_nobody")];
    }
    case "game_selected":
    case "voted":
      return [tKnown(`log.${event.code}`, { ...params, game: gameName(event.game) })];
    case "member_joined":
      return [t("log.member_joined", { name: String(event.name) })];
    default:
      return `log.${event.code}` in CATALOG_KEYS ? [tKnown(`log.${event.code}`, params)] : [];
  }
}
