/**
 * The game log: each room frame's `events` (codes and data, never text) turned into lines in the reader's
 * language. The room's own events are told here; a game's moves and engine events by its folder's `log`
 * (games/types.ts). Names are captured when the event arrives, so a player who leaves later still reads right.
 */
import { gameName, playOf } from "../../games";
import type { Action, LogContext } from "../../games/types";
import { known, t, tKnown } from "../../i18n";
import type { Avatar } from "../../account/avatar";
import type { Move, RoomEvent, RoomFrame, RoomSettings } from "../../net/protocol";
import { upkeepLines } from "./roomUpkeep";

export interface LogEntry extends LogContext {
  id: number;
  /** A room event, or `{code: "recent", actions}`: public actions this phone missed (the game's `catchUp`). */
  event: RoomEvent;
  game: string | null;
  /** The game's number in the room, so actions of one game are never matched against another's. */
  number: number | null;
  /** The room's settings before this frame (a settings change then says what changed). */
  before?: RoomSettings;
  /** The face of whom the event is about, captured like the names (none for a seat whose person left). */
  face?: Avatar;
}

let nextId = 1;

/**
 * The log entries of one room frame, after `earlier` (the entries of this room so far; the caller keeps the last
 * few dozen) and the frame `before` it (whose members still name those who left or were removed). A game that
 * repeats its recent public actions in its view first gets those `earlier` lacks: after a reload or a
 * reconnection the log still tells what happened.
 */
export function entriesOf(frame: RoomFrame, earlier: LogEntry[] = [], before?: RoomFrame): LogEntry[] {
  // Those who left (or were removed) are named by the frame before, or by the seat they were dealt.
  const seated = (frame.game?.seats ?? []).map((s) => ({ member: s.member, name: s.name ?? "?" }));
  const names = Object.fromEntries([...seated, ...(before?.members ?? []), ...frame.members].map((m) => [m.member, m.name]));
  const seatNames: Record<number, string> = {};
  for (const { seat, member, name } of frame.game?.seats ?? []) seatNames[seat] = names[member] ?? name ?? "?";
  const base = { names, seatNames, game: frame.game?.id ?? null, number: frame.game?.number ?? null, before: before?.settings };
  let by: string | undefined;
  const faces = new Map([...(before?.members ?? []), ...frame.members].map((m) => [m.member, m.avatar]));
  const entries: LogEntry[] = arrivals(frame, before).map((event) => {
    by = event.code === "moved" ? String(event.by) : event.code === "engine" ? by : undefined;
    const face = typeof event.member === "string" ? faces.get(event.member) : undefined;
    return { id: nextId++, event, ...base, by, ...(face ? { face } : {}) };
  });
  const catchUp = playOf(base.game)?.log.catchUp;
  if (!catchUp || !frame.game) return entries;
  const actions = (list: LogEntry[]) => actionsOf(list, base.number, catchUp.publicActions);
  const missed = catchUp.unseen(frame.game.view, actions(earlier), actions(entries));
  return missed.length ? [{ id: nextId++, event: { code: "recent", actions: missed }, ...base }, ...entries] : entries;
}

/**
 * `member_connected` says someone is back; the server also sends it for a member who never left, whose seat it
 * bound afresh (a signed-in player's rename, or a sign-in in the room). For such a member it says nothing, or that
 * their name changed (`member_renamed`, with the name `from`).
 */
export function arrivals(frame: RoomFrame, before: RoomFrame | undefined): RoomEvent[] {
  if (!before) return frame.events;
  const names = new Map(before.members.map((m) => [m.member, m.name]));
  const connected = new Set(before.members.filter((m) => m.connected).map((m) => m.member));
  const now = new Map(frame.members.map((m) => [m.member, m.name]));
  return frame.events.flatMap((event) => {
    const member = String(event.member);
    if (event.code === "member_disconnected") connected.delete(member);
    if (event.code !== "member_connected" || !connected.has(member)) {
      if (event.code === "member_connected") connected.add(member);
      return [event];
    }
    const from = names.get(member);
    return from !== undefined && from !== now.get(member) ? [{ code: "member_renamed", member, from }] : [];
  });
}

/** The public actions the entries of game `number` tell, oldest first. */
function actionsOf(entries: LogEntry[], number: number | null, publicActions: (events: Action[]) => Action[]): Action[] {
  return entries.filter((entry) => entry.number === number).flatMap(({ event }) =>
    event.code === "recent" ? (event.actions as Action[]) : event.code === "engine" ? publicActions(event.events as Action[]) : []);
}

/** The lines of one entry; empty when the event says nothing worth reading (another line says it better). */
export function describe(entry: LogEntry): string[] {
  const lines = linesOf(entry);
  // A move the server made because it was the only one (e.g. a Color Rows round's first card) says so.
  return entry.by === "forced" ? lines.map((line) => t("log.forced", { line })) : lines;
}

/** Each entry's lines in the language they were told in (the log keeps its entries from frame to frame). */
const told = new WeakMap<LogEntry, { lang: string; lines: string[] }>();

/** `describe`, told once per entry and language: a frame adds an entry or two to the log, whose other lines are
 * not told again (issue 33: telling the whole log was most of a room frame's script). `lang`: the current one. */
export function describedIn(entry: LogEntry, lang: string): string[] {
  const known = told.get(entry);
  if (known?.lang === lang) return known.lines;
  const lines = describe(entry);
  told.set(entry, { lang, lines });
  return lines;
}

function linesOf(entry: LogEntry): string[] {
  const { event, names, seatNames } = entry;
  const name = names[event.member as string] ?? seatNames[event.seat as number] ?? "?";
  const log = playOf(entry.game)?.log;
  switch (event.code) {
    case "moved": {
      // A turn the timer ran out on is told as such before the stand-in's move.
      const timedOut = event.by === "timeout" ? [t("upkeep.log.timeout", { name })] : [];
      if (!log) return [...timedOut, t("log.move.other", { name })];
      return [...timedOut, ...log.move(event.move as Move, name, entry)];
    }
    case "engine":
      return log ? ((event.events as Action[]) ?? []).flatMap((step) => log.engine(step, entry)) : [];
    case "recent": {
      const line = log?.catchUp?.line;
      return line ? (event.actions as Action[]).flatMap((action) => line(action, entry)) : [];
    }
    case "game_started":
      return [t("log.game_started", { game: gameName(String(event.game)), n: Number(event.number) })];
    case "game_over": {
      const standins = ((event.standin_winners as string[]) ?? []).map((id) => t("upkeep.standin_name", { name: names[id] ?? "?" }));
      const winners = [...((event.winners as string[]) ?? []).map((id) => names[id] ?? "?"), ...standins];
      return [winners.length ? t("log.game_over", { names: winners.join("・") }) : t("log.game_over_nobody")];
    }
    case "game_selected":
    case "voted":
      return [tKnown(`log.${event.code}`, { name, game: event.game ? gameName(String(event.game)) : "" })];
    case "member_joined":
      return [t("log.member_joined", { name: String(event.name) })];
    case "member_renamed":
      return [t("account.log_renamed", { from: String(event.from), name })];
    default:
      return upkeepLines(event, name, entry.before) ?? (known(`log.${event.code}`) ? [tKnown(`log.${event.code}`, { name })] : []);
  }
}
