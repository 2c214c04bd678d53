/**
 * The game log: each room frame's `events` (codes and data, never text) turned into lines in the reader's
 * language. Names are captured when the event arrives, so a player who leaves later still reads right.
 */
import { cardName } from "../games/color-match/cards";
import { publicActions, unseen, type Action } from "../games/color-match/history";
import { rowCardName } from "../games/color-rows/cards";
import { t, tKnown, type Key, type Params } from "../i18n";
import { en as CATALOG_KEYS } from "../i18n/en";
import type { GameId, RoomEvent, RoomFrame } from "../net/protocol";

export interface LogEntry {
  id: number;
  /** A room event, or `{code: "recent", actions}`: public actions this phone missed (games/color-match/history). */
  event: RoomEvent;
  names: Record<string, string>;
  seatNames: Record<number, string>;
  game: GameId | null;
  /** The game's number in the room, so actions of one game are never matched against another's. */
  number: number | null;
  /** Who made the move an `engine` event follows (`moved.by`: "player", "cpu", "standin", "forced", …). */
  by?: string;
}

let nextId = 1;

/**
 * The log entries of one room frame, after `earlier` (the entries of this room so far; the caller keeps the last
 * few dozen). A Color Match frame first gets the public actions it follows that `earlier` lacks (from the view's
 * `recent`): after a reload or a reconnection the log still tells what happened.
 */
export function entriesOf(frame: RoomFrame, earlier: LogEntry[] = []): LogEntry[] {
  const names = Object.fromEntries(frame.members.map((m) => [m.member, m.name]));
  const seatNames: Record<number, string> = {};
  for (const { seat, member, name } of frame.game?.seats ?? []) seatNames[seat] = names[member] ?? name ?? "?";
  const base = { names, seatNames, game: frame.game?.id ?? null, number: frame.game?.number ?? null };
  let by: string | undefined;
  const entries: LogEntry[] = frame.events.map((event) => {
    by = event.code === "moved" ? String(event.by) : event.code === "engine" ? by : undefined;
    return { id: nextId++, event, ...base, by };
  });
  const recent = (frame.game?.view as { recent?: Action[] } | undefined)?.recent;
  if (base.game !== "color-match" || !recent) return entries;
  const missed = unseen(actionsOf(earlier, base.number), recent, actionsOf(entries, base.number));
  return missed.length ? [{ id: nextId++, event: { code: "recent", actions: missed }, ...base }, ...entries] : entries;
}

/** The public actions the entries of game `number` tell, oldest first. */
function actionsOf(entries: LogEntry[], number: number | null): Action[] {
  return entries.filter((entry) => entry.number === number).flatMap(({ event }) =>
    event.code === "recent" ? (event.actions as Action[]) : event.code === "engine" ? publicActions(event.events as Action[]) : []);
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
  const lines = linesOf(entry);
  // A move the server made because it was the only one (e.g. a Color Rows round's first card) says so.
  return entry.by === "forced" ? lines.map((line) => t("log.forced", { line })) : lines;
}

function linesOf(entry: LogEntry): string[] {
  const { event, names, seatNames } = entry;
  const name = names[event.member as string] ?? seatNames[event.seat as number] ?? "?";
  switch (event.code) {
    case "moved": {
      const m = event.move as Record<string, unknown>;
      if (entry.game === "color-rows" && m.type !== "take") return []; // the engine's `drew` / `placed` name the card
      return [moveLine(entry, m, name)];
    }
    case "engine":
      return ((event.events as Action[]) ?? []).flatMap((step) => engineLines(entry, step));
    case "recent":
      return (event.actions as Action[]).flatMap((action) => recentLines(entry, action));
    case "game_started":
      return [t("log.game_started", { game: gameName(event.game), n: Number(event.number) })];
    case "game_over": {
      const winners = ((event.winners as string[]) ?? []).map((id) => names[id] ?? "?");
      return [winners.length ? t("log.game_over", { names: winners.join("・") }) : t("log.game_over_nobody")];
    }
    case "game_selected":
    case "voted":
      return [tKnown(`log.${event.code}`, { name, game: gameName(event.game) })];
    case "member_joined":
      return [t("log.member_joined", { name: String(event.name) })];
    default:
      return `log.${event.code}` in CATALOG_KEYS ? [tKnown(`log.${event.code}`, { name })] : [];
  }
}

const cardOf = (game: GameId | null, code: unknown) =>
  game === "color-rows" ? rowCardName(String(code)) : cardName(String(code));

/** The sentence of a move (`moved.move`, or an action of `recent` read as the move it was). */
function moveLine({ game, seatNames }: LogEntry, m: Action, name: string): string {
  const params: Params = { name };
  if (Array.isArray(m.cards)) params.cards = m.cards.map((code) => cardOf(game, code)).join("・");
  if (m.color) params.color = t(`color.${m.color}` as Key);
  if (typeof m.row === "number") params.row = m.row + 1;
  if (typeof m.target === "number") params.target = seatNames[m.target] ?? "?";
  const key = m.type === "play" && m.color ? "log.move.play_wild" : `log.move.${m.type}`;
  return tKnown(key, params, "log.move.other");
}

/** The lines of one engine event: only those the catalogue has (the rest repeat what the move's line says). */
function engineLines({ game, seatNames }: LogEntry, step: Action): string[] {
  const key = engineKey(game, step);
  if (!(key in CATALOG_KEYS)) return [];
  const data: Params = { name: seatNames[step.seat as number] ?? "?" };
  if (step.card) data.card = cardOf(game, step.card);
  if (Array.isArray(step.cards)) data.cards = step.cards.map((code) => cardOf(game, code)).join("・");
  if (typeof step.cards === "number") data.n = step.cards;
  if (typeof step.row === "number") data.row = step.row + 1;
  if (typeof step.round === "number") data.round = step.round;
  if (typeof step.count === "number") data.n = step.count;
  if (typeof step.target === "number") data.target = seatNames[step.target] ?? "?";
  return [tKnown(key, data, "log.move.other")];
}

/** The moves `recent` records as events are told like the moves they were; the rest as engine events. */
const RECENT_MOVES: Record<string, string> = { play: "play", keep: "pass", declare: "declare", callout: "callout" };

function recentLines(entry: LogEntry, action: Action): string[] {
  const name = entry.seatNames[action.seat as number] ?? "?";
  if (action.type === "drew" && action.reason === "draw") return [moveLine(entry, { type: "draw" }, name)];
  const type = RECENT_MOVES[String(action.type)];
  if (!type) return engineLines(entry, action);
  const cards = action.cards as string[] | undefined;
  const wild = cards?.length && /^W/.test(cards[cards.length - 1]); // `color` names a colour only for a Wild
  return [moveLine(entry, { ...action, type, color: wild ? action.color : undefined }, name)];
}
