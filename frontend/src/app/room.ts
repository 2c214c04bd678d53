/**
 * Rooms: what the room buttons do (create, join, the room's actions, moves and their pending cards, the quick solo
 * start), and what the room frames change.
 */
import { loadGame, playOf, prefetchGames } from "../games";
import { DEFAULT_CPU_LEVEL, type ErrorFrame, type Move, type RemovedFrame, type RoomFrame } from "../net/protocol";
import * as prefs from "../prefs";
import { playFor } from "../sound";
import type { Flight } from "../ui/logic/motion";
import { screensOf } from "./backStack";
import { request, send } from "./connection";
import { saveCoach } from "./settings";
import { app, dismissNotice, notify } from "./state";
import type * as TableParts from "./tableParts";

/** The log and motion of a room's changes, once loaded (tableParts.ts; every room frame waits for them). */
let parts: typeof TableParts | null = null;

function loadTableParts(): Promise<unknown> | null {
  if (parts) return null;
  return import("./tableParts").then((module) => void (parts = module), () => undefined);
}

/** The card of the pending move on its way to the pile (it lands or comes back with the answer). */
let flight: Flight | null = null;

/** The link that brings a friend straight into `code`: with the room's `key`, it is never throttled. */
export function joinLink(code: string, key: string): string {
  return `${location.origin}${location.pathname}?room=${code}&key=${encodeURIComponent(key)}`;
}

// --- what the player does ---------------------------------------------------------------------------------------

export function createRoom(): void {
  send({ action: "create" });
}

export function joinRoom(code: string, key: string | null = null): void {
  send({ action: "join", code, ...(key ? { key } : {}) });
}

/** The join knocked: the host decides (the room frame comes if they let us in). */
export function knocking(frame: { room: string }): void {
  app.set({ knocking: frame.room, joinCode: null, joinKey: null });
}

/** The host did not let us in. */
export function knockRefused(frame: { retry_after: number }): void {
  app.set({ knocking: null });
  notify("knock_refused", undefined, undefined, frame.retry_after);
}

/** An action on the current room: every room frame carries the room code. */
export function roomAction(action: string, fields: Record<string, unknown> = {}): void {
  const room = app.get().room;
  if (room) send({ action, room: room.code, ...fields });
}

/** A frame about the current room that no button waits for (a stamp): the table stays usable meanwhile. */
export function roomNote(action: string, fields: Record<string, unknown> = {}): void {
  const room = app.get().room;
  if (room) send({ action, room: room.code, ...fields }, false);
}

/**
 * A game move, stamped with the version it was decided on (the server refuses it if the game moved on). `cards`
 * leave the hand at once — from `from`, flying to the pile — and come back if the server refuses the move.
 */
export function move(move: Move, cards: string[] = [], from: Element | null = null): void {
  const { room, busy } = app.get();
  if (!room || busy) return;
  const rid = send({ action: "move", room: room.code, version: room.version, move });
  if (!rid) return;
  const game = playOf(room.game?.id);
  flight?.land();
  flight = from && cards.length && game?.Card && parts ? parts.launch(from, cards[0], game.Card) : null;
  app.set({ pending: { rid, move, cards } });
}

/** The answer to the pending move came (`accepted`: a room frame) or never will: its flight ends either way. */
export function settlePending(rid: string | undefined, accepted: boolean): void {
  const pending = app.get().pending;
  if (!pending || pending.rid !== rid) return;
  if (accepted) flight?.land();
  else flight?.back();
  flight = null;
  app.set({ pending: null });
}

export function leaveRoom(): void {
  app.set({ leaving: null });
  roomAction("leave");
}

/** Back (or ⚙) at the table or in a room: the player is asked first (ui/parts/LeaveSheet.tsx). */
export function askToLeave(from: "table" | "room"): void {
  app.set({ leaving: from });
}

export function stayPut(): void {
  app.set({ leaving: null });
}

/** Leave the game being played (the stand-in plays the seat to its end), staying in the room. */
export function leaveGame(): void {
  app.set({ leaving: null });
  roomAction("leave_game");
}

/** The host ends the game being played for everyone: back to the lobby, no result. */
export function endGame(): void {
  app.set({ leaving: null });
  roomAction("end_game");
}

/** The host deals `game` after a game, with the same seats: the next game in one tap. */
export function nextGame(game: string): void {
  roomAction("rematch", { game });
}

/**
 * The quick solo start (seed 003's 「CPUと対戦」): a room of one's own with the remembered CPUs, level, game and
 * options, started at once — the frames the lobby would send, chained here, each after the answer to the last.
 */
export async function playSolo(): Promise<void> {
  const { game, options, cpus, level } = app.get().solo;
  prefetchGames([game]);
  app.set({ soloStarting: true });
  try {
    // The level was one the server took; one it no longer knows (`bad_frame`) leaves the room at its default.
    const { code } = await request({ action: "create", cpu_level: level }).catch((refusal: ErrorFrame) => {
      if (refusal.code !== "bad_frame" || level === DEFAULT_CPU_LEVEL) throw refusal;
      dismissNotice();
      return request({ action: "create" });
    });
    for (let i = 0; i < cpus; i++) await request({ action: "add_cpu", room: code });
    await request({ action: "select_game", room: code, game });
    // Options the server no longer takes (a game changed them) leave the defaults: still one tap to a game.
    if (options) await request({ action: "set_options", room: code, game, options }).catch(() => dismissNotice());
    await request({ action: "start", room: code, game });
  } catch {
    // The refusal was shown; the player is where the chain stopped (home, or the new room's lobby).
  } finally {
    app.set({ soloStarting: false });
  }
}

// --- what the server says ---------------------------------------------------------------------------------------

/**
 * What a room frame needs before it is handled (connection.ts waits for it): the log and motion (tableParts.ts) and
 * the table of the game it is playing, whose log and effects the frame's change goes through. The games picked or voted for in the lobby are fetched
 * meanwhile, so that the start finds them there.
 */
export function roomReady(frame: RoomFrame): Promise<unknown> | null {
  prefetchGames([frame.lobby.selected, ...Object.keys(frame.lobby.votes)]);
  const waits = [loadTableParts(), frame.game && !playOf(frame.game.id) ? loadGame(frame.game.id) : null];
  const pending = waits.filter((wait) => wait !== null);
  return pending.length ? Promise.all(pending) : null;
}

export function roomChanged(frame: RoomFrame): void {
  const current = app.get().room;
  // Frames of parallel changes may arrive out of order: never step back to an older version of the same room. The
  // answer to our own move can be overtaken that way (a CPU's next move, sent by the timer, arrives first): it
  // still settles the move, or the buttons would stay disabled.
  if (current && current.code === frame.code && frame.version < current.version) {
    settlePending(frame.rid, true);
    return;
  }
  prefs.saveRoom(frame.code);
  if (current?.code !== frame.code) app.set({ removed: null });
  const joinCode = app.get().joinCode;
  if (joinCode) history.replaceState(history.state, "", location.pathname); // the state: the Back stack's (backStack.ts)
  const earlier = current?.code === frame.code ? app.get().log : [];
  const own = frame.rid !== undefined && frame.rid === app.get().pending?.rid;
  const leaving = app.get().leaving;
  app.set({
    room: frame,
    // The question is about the screen on top: dropped once another is (the game ended, or began).
    leaving: leaving === screensOf(frame, false).at(-1) ? leaving : null,
    log: withEntries(earlier, parts?.entriesOf(frame, earlier, current?.code === frame.code ? current : undefined) ?? []),
    joinCode: null,
    joinKey: null,
    knocking: null,
    clockSkew: frame.now - Date.now() / 1000,
  });
  settlePending(frame.rid, true);
  if (current?.code === frame.code) {
    coachFirstSolo(frame, current);
    rememberSolo(frame, current);
    parts?.runEffects(frame, current, { own, sound: app.get().sound });
    playFor(frame, current, app.get().sound);
  }
}

/** The log with `added` at its end (the last 60 entries); the same array when nothing was added, so the log's
 * component, memoised, is not redrawn. */
function withEntries<T>(log: T[], added: T[]): T[] {
  return added.length ? [...log, ...added].slice(-60) : log;
}

/** Whether this player is the only person in the room (the others, if any, are CPUs). */
const alone = (frame: RoomFrame): boolean => frame.members.every((m) => m.cpu || m.member === frame.you.member);

/** The coach's tips are on by themselves for the first game against CPUs (no solo game remembered yet, no choice
 * made in the settings), and off once it is over. */
function coachFirstSolo(frame: RoomFrame, before: RoomFrame): void {
  const { coach } = app.get();
  const starts = frame.phase === "playing" && before.phase !== "playing";
  if (starts && coach === null && prefs.loadSolo() === null && alone(frame)) saveCoach("first");
  if (!starts && before.phase === "playing" && frame.phase !== "playing" && coach === "first") saveCoach("off");
}

/** A game started in a room where this player is the only person (from the lobby, or the results' next game): the
 * quick solo start deals the same next time. */
function rememberSolo(frame: RoomFrame, before: RoomFrame): void {
  if (frame.phase !== "playing" || before.phase === "playing" || !frame.game || !frame.you.host) return;
  if (!alone(frame)) return;
  const solo: prefs.SoloSetup = {
    game: frame.game.id,
    options: frame.lobby.options[frame.game.id] ?? null,
    cpus: frame.members.filter((m) => m.cpu).length,
    level: frame.settings.cpu_level,
  };
  prefs.saveSolo(solo);
  app.set({ solo });
}

export function leftRoom(): void {
  prefs.saveRoom(null);
  app.set({ room: null, leaving: null });
}

export function removedFromRoom(frame: RemovedFrame): void {
  outOfRoom(frame.room);
  app.set({ removed: { room: frame.room, reason: frame.reason } });
}

/** A refusal about the room or the move (account.ts first takes those about this device's identity). */
export function refused(frame: ErrorFrame): void {
  settlePending(frame.rid, false);
  // A join link's code that cannot be joined is dropped (the player stays at home, told why).
  if (["room_not_found", "room_full", "room_closed", "removed", "too_many_attempts", "knock_refused", "knocks_full"].includes(frame.code)) {
    app.set({ joinCode: null, joinKey: null, knocking: null });
  }
  // The server no longer has this connection in the room on screen (removed, or the room expired): go home.
  if (frame.code === "not_in_room" && app.get().room) outOfRoom(app.get().room!.code);
  // `stale` comes with a fresh room frame: the screen simply catches up, no need to alarm anyone.
  if (frame.code !== "stale") notify(frame.code, frame.reason, app.get().room?.game?.id, frame.retry_after);
}

/** This phone is no longer in room `code`: back to the home screen. */
function outOfRoom(code: string): void {
  if (app.get().room?.code !== code) return;
  prefs.saveRoom(null);
  flight?.back();
  flight = null;
  app.set({ room: null, log: [], pending: null, leaving: null });
}
