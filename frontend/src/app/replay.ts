/**
 * Replays of the room's finished games (docs/protocol.md, `replay`): which one is open, the pages asked for and
 * come (ui/logic/replay.ts keeps them), playback at its speed, and the replay link. A replay is opened from the
 * room's history, from the profile's recent games (the server lets the account's devices watch those), or by a
 * replay link (`?room=1234&replay=3`): the hello then names that room, so a member of it
 * is back in it and sees the replay at once, and anyone else is shown the server's refusal.
 */
import type { ErrorFrame, ReplayFrame, RoomFrame } from "../net/protocol";
import { createStore } from "../store";
import {
  asking, delayOf, openedAt, refusedWith, replayLink, replayOfLink, seated, stepTo, tick, toggled, wanted, withPage,
  type ReplayState, type Speed,
} from "../ui/logic/replay";
import { roomCodeOf } from "../ui/logic/upkeep";
import { send } from "./connection";
import { app } from "./state";

/** The replay on screen, or null. */
export const replayView = createStore<{ replay: ReplayState | null }>({ replay: null });

/** The replay a link asks for, until the hello it names the room in has been answered. */
let linked = replayOfLink(location.search, roomCodeOf);
/** Request ids of the pages asked for: their refusals are the replay's (not the room's). */
const asked = new Set<string>();
let timer: number | undefined;

/** The room a replay link names (the hello takes the member back into it), or null. */
export const linkedRoom = (): string | null => linked?.room ?? null;

/** The link to game `number` of room `code` that the room's members can open. */
export const shareLink = (code: string, number: number): string => replayLink(location.origin, location.pathname, code, number);

/** Opens game `number` of room `code` (by default the room one is in). */
export function openReplay(number: number, code = app.get().room?.code): void {
  if (code) show(openedAt(code, number));
}

export function closeReplay(): void {
  window.clearTimeout(timer);
  replayView.set({ replay: null });
}

export function stepReplay(step: number): void {
  change((state) => stepTo(state, step));
}

export function togglePlay(): void {
  change(toggled);
}

export function setSpeed(speed: Speed): void {
  change((state) => ({ ...state, speed }));
}

export function showSeat(seat: number | null): void {
  change((state) => seated(state, seat));
}

// --- what the server says ---------------------------------------------------------------------------------------

/** Welcomed: a replay link is opened now (the hello named its room); an open replay asks again for what a dropped
 * connection lost. */
export function replayWelcomed(): void {
  if (linked) {
    show(openedAt(linked.room, linked.number));
    linked = null;
    history.replaceState(history.state, "", location.pathname); // the state: the Back stack's (backStack.ts)
    return;
  }
  change((state) => ({ ...state, asked: [] }));
}

export function replayCame(frame: ReplayFrame): void {
  if (frame.rid) asked.delete(frame.rid);
  change((state) => withPage(state, frame));
}

/** A refusal of a page this phone asked for (true), shown on the replay screen; false: not one. */
export function replayRefused(frame: ErrorFrame): boolean {
  if (!frame.rid || !asked.delete(frame.rid)) return false;
  change((state) => refusedWith(state, frame.code));
  return true;
}

/** The room changed: a game the player is dealt into closes the replay (the table needs them), and so does leaving
 * the replay's room. */
export function replayRoomChanged(room: RoomFrame | null, before: RoomFrame | null): void {
  const replay = replayView.get().replay;
  if (!replay) return;
  const dealtIn = room?.phase === "playing" && before?.phase !== "playing" && room.you.seat !== null;
  const left = before?.code === replay.room && room?.code !== replay.room;
  if (dealtIn || left) closeReplay();
}

// --- the machinery ------------------------------------------------------------------------------------------------

function show(state: ReplayState): void {
  window.clearTimeout(timer);
  replayView.set({ replay: state });
  fetchWanted();
}

function change(how: (state: ReplayState) => ReplayState): void {
  const replay = replayView.get().replay;
  if (!replay) return;
  const next = how(replay);
  if (next !== replay) replayView.set({ replay: next });
  fetchWanted();
  schedule();
}

/** Asks for the page the position needs, if any (not tracked by the busy flag: the replay's buttons wait on
 * nothing but their page). */
function fetchWanted(): void {
  const replay = replayView.get().replay;
  const step = replay && wanted(replay);
  if (!replay || step === null || step === undefined) return;
  const rid = send({
    action: "replay", room: replay.room, number: replay.number, step,
    ...(typeof replay.seat === "number" ? { seat: replay.seat } : {}),
  }, false);
  if (!rid) return;
  asked.add(rid);
  replayView.set({ replay: asking(replay, step) });
}

/** The next beat of playback, while playing (one timer: a change starts the beat afresh). */
function schedule(): void {
  window.clearTimeout(timer);
  const replay = replayView.get().replay;
  if (replay?.playing) timer = window.setTimeout(() => change(tick), delayOf(replay.speed));
}
