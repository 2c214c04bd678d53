/**
 * The line to the server: the socket, requests and their answers, the busy flag that keeps the buttons disabled
 * while a request is on its way, and the dispatch of each frame the server sends. What a frame changes is up to
 * room.ts and account.ts, wired in by boot.ts, so that they can send without this module importing them.
 */
import { Connection } from "../net/connection";
import type { ErrorFrame, RoomFrame, ServerFrame } from "../net/protocol";
import { app, notify } from "./state";

/** What each kind of frame changes (a kind left out changes nothing in the app). */
export type FrameHandlers = { [T in ServerFrame["type"]]?: (frame: Extract<ServerFrame, { type: T }>) => void };

export interface Wiring {
  /** The socket opened (again): the server does not know this connection yet. */
  open(): void;
  frames: FrameHandlers;
  /** A tracked request whose answer never came (a dropped socket). */
  unanswered(rid: string): void;
  /**
   * What must be there before `frame` is handled (a room frame's game table, loaded on demand), or null: the frame
   * and every later one wait for it, so the frames are still handled in the order they came.
   */
  before?(frame: ServerFrame): Promise<unknown> | null;
}

let connection: Connection | null = null;
let wiring: Wiring | null = null;
let nextRid = 1;
let busyTimer: number | undefined;
/** Requests whose answer a caller awaits (the quick solo start), by request id. */
const waiting = new Map<string, { resolve(frame: RoomFrame): void; reject(frame: ErrorFrame): void }>();
const frameListeners = new Set<(frame: ServerFrame) => void>();
/** Frames that came while an earlier one waits for `wiring.before` (oldest first), and whether that wait is over. */
const queue: { frame: ServerFrame; waited: boolean }[] = [];
let holding = false;

/** Connects to `url`, and keeps reconnecting; every frame goes to `wired.frames`. */
export function connect(url: string, wired: Wiring): void {
  wiring = wired;
  connection = new Connection(url, {
    open: wired.open,
    frame: take,
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

/** Sends `frame` with a fresh request id; a tracked one disables the buttons until its answer. */
export function send(frame: Record<string, unknown>, track = true): string | null {
  const rid = `r${nextRid++}`;
  if (!connection?.send({ ...frame, rid })) {
    notify("offline");
    return null;
  }
  if (track) {
    app.set({ busy: rid });
    window.clearTimeout(busyTimer);
    // A reply that never comes (a dropped socket) must not leave the buttons disabled for good.
    busyTimer = window.setTimeout(() => {
      if (app.get().busy !== rid) return;
      app.set({ busy: null });
      wiring?.unanswered(rid);
      waiting.get(rid)?.reject({ type: "error", code: "offline", message: "no answer", rid });
      waiting.delete(rid);
    }, 8_000);
  }
  return rid;
}

/** Sends `frame` and waits for its answer: the room frame it produced, or the error (rejected). */
export function request(frame: Record<string, unknown>): Promise<RoomFrame> {
  return new Promise((resolve, reject) => {
    const rid = send(frame);
    if (rid) waiting.set(rid, { resolve, reject });
    else reject({ type: "error", code: "offline", message: "offline" } satisfies ErrorFrame);
  });
}

/** Calls `listener` with every frame the server sends, before the app handles it (stamps: touch/stamps.ts). */
export function onFrame(listener: (frame: ServerFrame) => void): void {
  frameListeners.add(listener);
}

function take(frame: ServerFrame): void {
  queue.push({ frame, waited: false });
  drain();
}

/** Handles the queued frames in order, pausing at one whose `before` is not ready (once: a failed load goes on). */
function drain(): void {
  while (!holding && queue.length) {
    const next = queue[0];
    const until = next.waited ? null : (wiring?.before?.(next.frame) ?? null);
    if (until) {
      holding = true;
      next.waited = true;
      void until.finally(() => {
        holding = false;
        drain();
      });
      return;
    }
    queue.shift();
    receive(next.frame);
  }
}

function receive(frame: ServerFrame): void {
  for (const listener of frameListeners) listener(frame);
  if (frame.rid && frame.rid === app.get().busy) {
    window.clearTimeout(busyTimer);
    app.set({ busy: null });
  }
  // The handler of this frame's own kind (TypeScript cannot tie the lookup's type to the frame's).
  const handle = wiring?.frames[frame.type] as ((frame: ServerFrame) => void) | undefined;
  handle?.(frame);
  if (!frame.rid) return;
  // The awaited answer, once the app has taken it in: the room the request made, or its refusal.
  if (frame.type === "room") waiting.get(frame.rid)?.resolve(frame);
  else if (frame.type === "error") waiting.get(frame.rid)?.reject(frame);
  waiting.delete(frame.rid);
}
