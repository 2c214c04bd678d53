/**
 * Room upkeep only a room shows, free of any screen: the turn timer's clock, and the words for removals, absences,
 * stand-in wins and the room's settings (log lines and announcements over the table). It comes with the room's
 * chunk, not the landing page (the home screen's part is `upkeep.ts`). docs/protocol.md is the reference for each.
 */
import { t, tKnown } from "../../i18n";
import type { HistoryEntry, RoomEvent, RoomFrame, RoomSettings } from "../../net/protocol";
import { secondsLeft } from "./useCountdown";

// --- the turn timer ---------------------------------------------------------------------------------------------

export interface TurnClock {
  /** The seat whose time runs. */
  seat: number;
  /** It is this phone's own seat. */
  mine: boolean;
  /** Whole seconds left (null once out: the stand-in moves then). */
  left: number | null;
  /** The share of the turn's time left, 0–1 (for a bar). */
  share: number;
}

/** The turn timer running in `room` at local time `now` (server time = `now` + `skew`), or null if none runs. */
export function turnClock(room: RoomFrame, now: number, skew: number): TurnClock | null {
  const deadline = room.game?.deadline;
  if (deadline?.kind !== "turn" || deadline.seat === null) return null;
  const total = room.settings.turn_timer || 1;
  const share = Math.max(0, Math.min(1, (deadline.at - (now + skew)) / total));
  return { seat: deadline.seat, mine: deadline.seat === room.you.seat, left: secondsLeft(deadline.at, now, skew), share };
}

export const turnTimerName = (seconds: number): string =>
  seconds ? t("upkeep.turn_timer_value", { n: seconds }) : t("upkeep.turn_timer_off");

// --- who is absent, and stand-ins' wins -------------------------------------------------------------------------

/** Whether this phone's person is `away` (the stand-in plays for them until they are back). */
export const isAway = (room: RoomFrame): boolean => !!room.members.find((m) => m.member === room.you.member)?.away;

/** A winner of a history entry by name: the name the entry kept (`names`), so a member since removed — a CPU taken
 * out of the lobby — is still named; else the member's, else the seat's. */
const historyName = (room: RoomFrame, entry: HistoryEntry, id: string): string =>
  entry.names?.[id] ?? room.members.find((m) => m.member === id)?.name ?? seatName(room, id);

/** The names of a finished game's winners as its history tells them: the stand-in's wins marked as such. */
export function winnerNames(room: RoomFrame, entry: HistoryEntry): string[] {
  const standins = (entry.standin_winners ?? []).map((id) => t("upkeep.standin_name", { name: historyName(room, entry, id) }));
  return [...entry.winners.map((id) => historyName(room, entry, id)), ...standins];
}

/** The names of the stand-in's winning seats of `room`'s game (`history[].standin_winners`). */
export function standinWinners(room: RoomFrame): string[] {
  const entry = room.history.find((h) => h.number === room.game?.number);
  return entry ? (entry.standin_winners ?? []).map((id) => historyName(room, entry, id)) : [];
}

/** What the results say of the stand-in: whose win was its own (counted for nobody), or else whose result it
 * played to the end (`game.seats[].standin`); null when it played no seat to the end. */
export function standinNote(room: RoomFrame): string | null {
  const won = standinWinners(room);
  if (won.length) return t("upkeep.standin_won", { names: won.join("・") });
  const seats = (room.game?.seats ?? []).filter((s) => s.standin);
  const names = seats.map((s) => room.members.find((m) => m.member === s.member)?.name ?? s.name ?? "?");
  return names.length ? t("upkeep.standin_played", { names: names.join("・") }) : null;
}

/** A member who left keeps the name of the seat they were dealt. */
const seatName = (room: RoomFrame, id: string): string => room.game?.seats.find((s) => s.member === id)?.name ?? "?";

// --- log lines and announcements --------------------------------------------------------------------------------

const levelName = (level: string): string => tKnown(`lobby.cpu_level.${level}`, {}, "lobby.cpu_level");

/**
 * The log lines of a room upkeep event (null: not one of them). `name` is the member's the event is about;
 * `before` the room's settings before the frame (a `settings_changed` then says only what changed).
 */
export function upkeepLines(event: RoomEvent, name: string, before?: RoomSettings): string[] | null {
  switch (event.code) {
    case "member_removed":
    case "member_away":
    case "member_back":
      return [tKnown(`upkeep.log.${event.code}`, { name })];
    case "settings_changed": {
      const after = event as unknown as RoomSettings;
      if (!before) return [t("log.settings_changed")];
      const lines: string[] = [];
      if (after.mode !== before.mode) lines.push(t("upkeep.log.mode", { mode: tKnown(`lobby.mode.${after.mode}`) }));
      if (after.cpu_level !== before.cpu_level) lines.push(t("upkeep.log.cpu_level", { level: levelName(after.cpu_level) }));
      if (after.turn_timer !== undefined && after.turn_timer !== before.turn_timer) {
        lines.push(t("upkeep.log.turn_timer", { time: turnTimerName(after.turn_timer) }));
      }
      if (after.open !== undefined && after.open !== before.open) lines.push(t(after.open ? "upkeep.log.opened" : "upkeep.log.closed"));
      return lines.length ? lines : [t("log.settings_changed")];
    }
    default:
      return null;
  }
}

/** The announcements over the table a frame's upkeep events make: a turn that timed out, a player gone away. */
export function upkeepAnnouncements(frame: RoomFrame): { text: string }[] {
  const seats = new Map((frame.game?.seats ?? []).map((seat) => [seat.seat, seat.name ?? "?"]));
  const members = new Map(frame.members.map((m) => [m.member, m.name]));
  return frame.events.flatMap((event) => {
    if (event.code === "moved" && event.by === "timeout") {
      return [{ text: t("upkeep.fx.timeout", { name: seats.get(event.seat as number) ?? "?" }) }];
    }
    if (event.code === "member_away") return [{ text: t("upkeep.fx.away", { name: members.get(event.member as string) ?? "?" }) }];
    return [];
  });
}
