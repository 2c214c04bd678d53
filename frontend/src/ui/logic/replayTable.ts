/**
 * What the replay screen draws from the replay's state (ui/logic/replay.ts): the room a game's own table is given and
 * the events the log tells of a step; and which of the profile's recent games can still be replayed. Apart from the
 * replay's state, so that only the screens that draw them load them.
 */
import type { RecentGame, RoomEvent, RoomFrame } from "../../net/protocol";
import { lastStep, type ReplayState } from "./replay";

/** Hours the server keeps a finished game's record (docs/protocol.md, "Game records and replays"). */
export const RECORD_HOURS = 24;

/** Whether a game of the profile's recent games can still be replayed at `now` (epoch seconds): it has its number in
 * the room, and its record is still kept. The server has the last word (`no_replay`). */
export const replayable = (game: RecentGame, now: number): game is RecentGame & { number: number } =>
  game.number !== null && game.number !== undefined && now < game.at + RECORD_HOURS * 3600;

/** The room events a live frame told step `step` with (the game log's words read them: ui/logic/logEntries.ts): the
 * move (`moved`) or the rule deadline, then the engine's events of the step; null while its page has not come. */
export function stepEvents(state: ReplayState, step = state.step): RoomEvent[] | null {
  const made = state.moves[step];
  if (!made || !state.record) return null;
  const { seat, move, by, events } = made;
  const told: RoomEvent[] = by === "deadline" || seat === null || !move
    ? [{ code: "deadline", seat: null }]
    : [{ code: "moved", seat, member: state.record.seats[seat], by, move }];
  return events.length ? [...told, { code: "engine", events }] : told;
}

/**
 * The room a game's own table is given to draw `view` at `state.step`: the record's seats and names (as they were
 * dealt; the room's members may have changed since), the seat whose view it is as "you", no deadline (nothing
 * counts down in a replay), and the step as the version (a table's half-made choices belong to one version).
 */
export function tableRoom(state: ReplayState, view: Record<string, unknown>): RoomFrame {
  const record = state.record!;
  const seat = typeof state.seat === "number" ? state.seat : null;
  const finished = state.step === lastStep(state);
  const current = typeof view.current === "number" ? view.current : null;
  return {
    type: "room", version: state.step, now: 0, code: state.room, key: "", knocks: [],
    phase: finished ? "finished" : "playing",
    you: { member: seat === null ? "" : record.seats[seat], host: false, seat, spectator: seat === null },
    members: [],
    settings: { mode: "host", cpu_level: "", turn_timer: 0, open: false, knock: false },
    lobby: { selected: null, votes: {}, options: {}, games: [] },
    game: {
      id: record.game, number: record.number, current, deadline: null, view, step: state.step,
      result: (view.result as Record<string, unknown> | null | undefined) ?? null,
      seats: record.seats.map((member, index) => ({ seat: index, member, name: record.names[index] })),
    },
    history: [], events: [],
  };
}
