/**
 * The site's one controller: the app state, what the buttons do, and what each server frame changes.
 * Screens read the state through `useStore(app)` and call the actions below; nothing else talks to the server.
 */
import { Connection, type ConnectionStatus } from "./net/connection";
import type { ErrorFrame, Move, RoomFrame, ServerFrame, WelcomeFrame } from "./net/protocol";
import * as prefs from "./prefs";
import { playFor } from "./sound";
import { createStore } from "./store";
import { entriesOf, type LogEntry } from "./ui/logEntries";

export interface Notice {
  /** An error code of the protocol (translated as `error.<code>`), or a message key of our own. */
  code: string;
  id: number;
}

export interface AppState {
  status: ConnectionStatus | "loading" | "no_config";
  /** Known once the server has welcomed us (or from storage, while saying hello). */
  identity: prefs.Identity | null;
  /** True once hello was answered on the current connection. */
  welcomed: boolean;
  name: string;
  room: RoomFrame | null;
  /** The latest events of the room, oldest first, for the game log. */
  log: LogEntry[];
  /** A request id waiting for its reply: buttons stay disabled meanwhile, so a double tap sends once. */
  busy: string | null;
  notice: Notice | null;
  /** The code of a join link that has not been acted on yet. */
  joinCode: string | null;
  lang: prefs.Lang;
  theme: prefs.Theme;
  sound: boolean;
  /** Seconds to add to the local clock to get the server's (from the latest room frame). */
  clockSkew: number;
}

export const app = createStore<AppState>({
  status: "loading",
  identity: prefs.loadIdentity(),
  welcomed: false,
  name: prefs.loadName(),
  room: null,
  log: [],
  busy: null,
  notice: null,
  joinCode: joinCodeFromUrl(),
  lang: prefs.loadLang(),
  theme: prefs.loadTheme(),
  sound: prefs.loadSound(),
  clockSkew: 0,
});

let connection: Connection | null = null;
let nextRid = 1;
let noticeId = 1;
let busyTimer: number | undefined;

/** A join link is the site's address with `?room=1234`. */
function joinCodeFromUrl(): string | null {
  const code = new URLSearchParams(location.search).get("room");
  return code && /^\d{4}$/.test(code) ? code : null;
}

/** The link that brings a friend straight into `code`. */
export function joinLink(code: string): string {
  return `${location.origin}${location.pathname}?room=${code}`;
}

export async function boot(): Promise<void> {
  prefs.applyToDocument(app.get().theme, app.get().lang);
  let url: string;
  try {
    const config = await (await fetch("/config.json", { cache: "no-store" })).json();
    url = config.websocketUrl;
  } catch {
    app.set({ status: "no_config" });
    return;
  }
  connection = new Connection(url, {
    open: sayHello,
    frame: receive,
    status: (status) => app.set({ status, welcomed: status === "open" && app.get().welcomed }),
    waiting: waitingOnOthers,
  });
  connection.start();
}

/** The room and version a quiet ping asks about: any screen of a room that waits on others — the lobby (a
 * lost "started" frame would leave a guest there while the game waits on them), the results, and a running game
 * in which this screen has nothing to do. A screen with moves to make waits on nobody: its next move brings the
 * room back anyway (`stale`). */
function waitingOnOthers(): { room: string; version: number } | null {
  const room = app.get().room;
  if (!room) return null;
  const legal = room.game?.view.legal;
  if (room.phase === "playing" && Array.isArray(legal) && legal.length > 0) return null;
  return { room: room.code, version: room.version };
}

function send(frame: Record<string, unknown>, track = true): void {
  const rid = `r${nextRid++}`;
  if (!connection?.send({ ...frame, rid })) {
    notify("offline");
    return;
  }
  if (track) {
    app.set({ busy: rid });
    window.clearTimeout(busyTimer);
    // A reply that never comes (a dropped socket) must not leave the buttons disabled for good.
    busyTimer = window.setTimeout(() => app.get().busy === rid && app.set({ busy: null }), 8_000);
  }
}

function notify(code: string): void {
  app.set({ notice: { code, id: noticeId++ } });
}

export function dismissNotice(): void {
  app.set({ notice: null });
}

function sayHello(): void {
  const { identity, name, joinCode } = app.get();
  if (identity) {
    const room = joinCode ?? prefs.loadRoom();
    send({
      action: "hello",
      player_id: identity.playerId,
      secret: identity.secret,
      ...(name ? { name } : {}),
      ...(room ? { room } : {}),
    });
  } else if (name) {
    send({ action: "hello", name });
  }
}

// --- what the player does ---------------------------------------------------------------------------------------

/** "Start as a guest": remember the name and introduce ourselves (or rename, if already known). */
export function startAsGuest(name: string): void {
  const trimmed = name.trim();
  prefs.saveName(trimmed);
  app.set({ name: trimmed });
  sayHello();
}

export function createRoom(): void {
  send({ action: "create" });
}

export function joinRoom(code: string): void {
  send({ action: "join", code });
}

/** An action on the current room: every room frame carries the room code. */
export function roomAction(action: string, fields: Record<string, unknown> = {}): void {
  const room = app.get().room;
  if (room) send({ action, room: room.code, ...fields });
}

/** A game move, stamped with the version it was decided on (the server refuses it if the game moved on). */
export function move(move: Move): void {
  const room = app.get().room;
  if (room && !app.get().busy) send({ action: "move", room: room.code, version: room.version, move });
}

export function leaveRoom(): void {
  roomAction("leave");
}

export function setLang(lang: prefs.Lang): void {
  prefs.saveLang(lang);
  prefs.applyToDocument(app.get().theme, lang);
  app.set({ lang });
}

export function setTheme(theme: prefs.Theme): void {
  prefs.saveTheme(theme);
  prefs.applyToDocument(theme, app.get().lang);
  app.set({ theme });
}

export function setSound(sound: boolean): void {
  prefs.saveSound(sound);
  app.set({ sound });
}

// --- what the server says ---------------------------------------------------------------------------------------

function receive(frame: ServerFrame): void {
  const state = app.get();
  if (frame.rid && frame.rid === state.busy) {
    window.clearTimeout(busyTimer);
    app.set({ busy: null });
  }
  switch (frame.type) {
    case "welcome":
      return welcomed(frame);
    case "room":
      return roomChanged(frame);
    case "left":
      prefs.saveRoom(null);
      app.set({ room: null });
      return;
    case "error":
      return refused(frame);
  }
}

function welcomed(frame: WelcomeFrame): void {
  const known = app.get().identity;
  const identity = frame.secret ? { playerId: frame.player_id, secret: frame.secret } : known;
  prefs.saveIdentity(identity);
  prefs.saveName(frame.name);
  app.set({ identity, name: frame.name, welcomed: true });
  const { joinCode, room } = app.get();
  if (frame.room === null) {
    if (room) app.set({ room: null });
    prefs.saveRoom(null);
    if (joinCode) joinRoom(joinCode);
  }
}

function roomChanged(frame: RoomFrame): void {
  const current = app.get().room;
  // Frames of parallel changes may arrive out of order: never step back to an older version of the same room.
  if (current && current.code === frame.code && frame.version < current.version) return;
  prefs.saveRoom(frame.code);
  const joinCode = app.get().joinCode;
  if (joinCode) history.replaceState(null, "", location.pathname);
  const earlier = current?.code === frame.code ? app.get().log : [];
  app.set({
    room: frame,
    log: [...earlier, ...entriesOf(frame, earlier)].slice(-60),
    joinCode: null,
    clockSkew: frame.now - Date.now() / 1000,
  });
  if (app.get().sound && current) playFor(frame, current);
}

function refused(frame: ErrorFrame): void {
  if (frame.code === "bad_credentials" && !app.get().welcomed) {
    // The stored identity no longer works (a reset server): start over as a new guest with the same name.
    prefs.saveIdentity(null);
    prefs.saveRoom(null);
    app.set({ identity: null });
    sayHello();
    return;
  }
  if (frame.code === "room_not_found" || frame.code === "room_full") app.set({ joinCode: null });
  // `stale` comes with a fresh room frame: the screen simply catches up, no need to alarm anyone.
  if (frame.code !== "stale") notify(frame.code);
}
