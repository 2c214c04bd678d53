/**
 * A replay of a finished game (docs/protocol.md, "Game records and replays"), without markup: where the viewer is
 * (the step, whose view, playing or paused, the speed), the pages of 10 steps the server sent (`replay` frames,
 * kept), which page the position needs next, and the replay link. app/replay.ts sends the requests and keeps the
 * state in a store; ui/screens/ReplayScreen.tsx draws it with the game's own table (ui/logic/replayTable.ts).
 */
import type { Move, ReplayFrame, ReplayRecord, ReplayStep } from "../../net/protocol";

/** Steps in one `replay` frame (the server's `PAGE`). */
export const PAGE = 10;
/** The speeds offered, in steps per `BEAT`. */
export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];
/** Milliseconds between two steps at 1×. */
export const BEAT = 1200;

/** How the step that led to a state was made, as everyone saw it (the same whichever seat's view is shown). */
export interface StepMove {
  seat: number | null;
  by: string;
  move: Move | null;
  /** The engine's events of the step (the live `engine` event's). */
  events: Record<string, unknown>[];
}

export interface ReplayState {
  room: string;
  number: number;
  /** Whose view: a seat, null for the spectator's, undefined until the server's first page says (your own seat in
   * that game, else the spectator's). */
  seat: number | null | undefined;
  /** Whether the server's default was the spectator's view (the viewer had no seat in that game). */
  spectator: boolean;
  /** The game's record (page 0 carries it): the seats, names and every step. */
  record: ReplayRecord | null;
  /** The views of `seat`, by the first step of their page. */
  pages: Record<number, ReplayStep[]>;
  /** The first steps of the pages asked for and not come yet (for `seat`). */
  asked: number[];
  /** Each step's move (from step 1), whoever's view brought it. */
  moves: Record<number, StepMove>;
  /** Every seat's view at the end (the last page brings them). */
  finalViews: Record<string, unknown>[] | null;
  step: number;
  playing: boolean;
  speed: Speed;
  /** The server's refusal (`not_in_room`, `no_replay`, …), shown instead of the table. */
  error: string | null;
}

export function openedAt(room: string, number: number): ReplayState {
  return {
    room, number, seat: undefined, spectator: false, record: null, pages: {}, asked: [], moves: {}, finalViews: null,
    step: 0, playing: false, speed: 1, error: null,
  };
}

/** The first step of the page that holds `step`. */
export const pageOf = (step: number): number => Math.floor(step / PAGE) * PAGE;

/** The last step (the state at the end), once the record is known. */
export const lastStep = (state: ReplayState): number | null => state.record?.steps.length ?? null;

/** The view of `state.seat` at the step shown, or null while its page has not come. After the end every seat's view
 * is known (`final_views`), whatever page was fetched. */
export function viewAt(state: ReplayState, step = state.step): Record<string, unknown> | null {
  if (step === lastStep(state) && state.finalViews && typeof state.seat === "number") return state.finalViews[state.seat];
  return state.pages[pageOf(step)]?.[step - pageOf(step)]?.view ?? null;
}

/** The page the position needs and nobody asked for yet (the record first), or null. While playing, the next page
 * is asked for a few steps ahead, so playback does not stop at a page's end. */
export function wanted(state: ReplayState): number | null {
  if (state.error) return null;
  const needed = (page: number) => !(page in state.pages) && !state.asked.includes(page);
  if (!state.record) return needed(0) && !state.asked.length ? 0 : null;
  const page = pageOf(state.step);
  if (needed(page) && viewAt(state) === null) return page;
  const next = page + PAGE;
  const last = lastStep(state)!;
  if (state.playing && next <= last && state.step + 3 >= next && needed(next)) return next;
  return null;
}

/** `state` having asked for the page at `step`. */
export const asking = (state: ReplayState, step: number): ReplayState => ({ ...state, asked: [...state.asked, step] });

/** `state` with a `replay` frame taken in; the same state for a frame of another game or seat (an answer to a
 * question no longer asked). */
export function withPage(state: ReplayState, frame: ReplayFrame): ReplayState {
  if (frame.room !== state.room || frame.number !== state.number) return state;
  if (state.seat !== undefined && frame.seat !== state.seat) return state;
  const start = frame.frames[0]?.step ?? 0;
  const moves = { ...state.moves };
  for (const shown of frame.frames) {
    if (shown.step > 0) {
      moves[shown.step] = { seat: shown.seat ?? null, by: shown.by ?? "player", move: shown.move ?? null, events: shown.events ?? [] };
    }
  }
  return {
    ...state,
    seat: frame.seat,
    spectator: state.seat === undefined ? frame.seat === null : state.spectator,
    record: frame.record ?? state.record,
    pages: { ...state.pages, [start]: frame.frames },
    asked: state.asked.filter((step) => step !== start),
    moves,
    finalViews: frame.final_views ?? state.finalViews,
  };
}

/** `state` at `step` (kept within the game), paused unless it stays on `playing`. */
export function stepTo(state: ReplayState, step: number, playing = false): ReplayState {
  const last = lastStep(state) ?? 0;
  const to = Math.max(0, Math.min(last, Math.round(step)));
  return { ...state, step: to, playing: playing && to < last };
}

/** One beat of playback: the next step if its view is there (else the position waits for its page); paused at the
 * end. */
export function tick(state: ReplayState): ReplayState {
  if (!state.playing) return state;
  const last = lastStep(state);
  if (last === null || state.step >= last) return { ...state, playing: false };
  if (viewAt(state, state.step + 1) === null) return state;
  return stepTo(state, state.step + 1, true);
}

/** Play (from the start again when at the end) or pause. */
export function toggled(state: ReplayState): ReplayState {
  if (state.playing) return { ...state, playing: false };
  const atEnd = state.step === lastStep(state);
  return { ...state, step: atEnd ? 0 : state.step, playing: true };
}

/** Another seat's view: the pages asked for are another seat's, so they start afresh (the end's views and the moves
 * are everyone's). */
export function seated(state: ReplayState, seat: number | null): ReplayState {
  if (seat === state.seat) return state;
  return { ...state, seat, pages: {}, asked: [] };
}

/** Milliseconds between two steps at `speed`. */
export const delayOf = (speed: Speed): number => BEAT / speed;

/** The server refused a page: playback stops and the refusal shows. */
export const refusedWith = (state: ReplayState, code: string): ReplayState => ({ ...state, error: code, playing: false, asked: [] });

// --- the replay link ------------------------------------------------------------------------------------------

/** The link to game `number` of room `code`, for the room's members: the site with `?room=…&replay=…`. It
 * carries no join key: opened by someone not in the room, it joins nothing and the server refuses the replay. */
export const replayLink = (origin: string, path: string, code: string, number: number): string =>
  `${origin}${path}?room=${code}&replay=${number}`;

/** The room and game a replay link names (`?room=1234&replay=3`), or null. */
export function replayOfLink(search: string, codeOf: (text: string | null) => string | null): { room: string; number: number } | null {
  const params = new URLSearchParams(search);
  const room = codeOf(params.get("room"));
  const number = Number(params.get("replay"));
  return room && Number.isInteger(number) && number >= 1 ? { room, number } : null;
}
