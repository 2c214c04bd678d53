/**
 * Your turn, felt with the phone lying on the table: a short buzz when your turn starts (its chime is sound.ts's
 * `turn`, played by the app with every change), and a distinct sound with a double buzz when your turn timer is
 * about to run out. In a background tab the title and the icon say 「あなたの番」. Sound and vibration follow
 * their switches; where `navigator.vibrate` is missing (iOS) nothing buzzes.
 */
import { t } from "../i18n";
import type { RoomFrame } from "../net/protocol";
import { playTones, type Note } from "../sound";

export const TURN_BUZZ = [70];
export const HURRY_BUZZ = [90, 70, 90];
/** Three quick high notes: unlike the two-note chime of a turn starting. */
const HURRY_NOTES: Note[] = [[1175, 0, 0.08], [1175, 0.13, 0.08], [1568, 0.26, 0.16]];
/** Seconds before the turn timer runs out at which to warn. */
export const WARN_SECONDS = 5;

export function isMyTurn(room: RoomFrame | null): boolean {
  const seat = room?.you.seat;
  return room?.phase === "playing" && seat !== null && seat !== undefined && !room.you.spectator && room.game?.current === seat;
}

/** Whether the change from `before` to `after` starts this player's turn (a new game's first turn included). */
export function turnStarts(after: RoomFrame | null, before: RoomFrame | null): boolean {
  if (!isMyTurn(after)) return false;
  return !(isMyTurn(before) && before!.code === after!.code && before!.game?.number === after!.game?.number);
}

/** When (local epoch seconds) to warn that this player's turn timer runs out; null when none runs for them. */
export function hurryAt(room: RoomFrame | null, clockSkew: number): number | null {
  const deadline = room?.game?.deadline;
  // "turn" is the turn timer (docs/protocol.md); compared as a string: `Deadline["kind"]` predates it.
  if (!room || room.phase !== "playing" || !deadline || (deadline.kind as string) !== "turn") return null;
  if (room.you.seat === null || deadline.seat !== room.you.seat) return null;
  return deadline.at - clockSkew - WARN_SECONDS;
}

export interface Feel {
  sound: boolean;
  vibrate: boolean;
}

export class TurnAlert {
  private before: RoomFrame | null = null;
  private hurryTimer: number | undefined;
  private hurryFor: number | null = null;

  constructor(private readonly feel: () => Feel) {}

  /** Called with every state of the app: buzzes, schedules the warning, and marks the tab. */
  update(room: RoomFrame | null, clockSkew: number): void {
    if (turnStarts(room, this.before) && this.feel().vibrate) buzz(TURN_BUZZ);
    this.before = room;
    const at = hurryAt(room, clockSkew);
    if (at !== this.hurryFor) {
      window.clearTimeout(this.hurryTimer);
      this.hurryFor = at;
      const wait = at === null ? -1 : at * 1000 - Date.now();
      // A warning already past (the page came back late) is given only while a second or more is left.
      if (at !== null && wait > -(WARN_SECONDS - 1) * 1000) this.hurryTimer = window.setTimeout(() => this.hurry(), Math.max(0, wait));
    }
    markTab(isMyTurn(room) && document.visibilityState === "hidden");
  }

  private hurry(): void {
    const { sound, vibrate } = this.feel();
    if (sound) playTones(HURRY_NOTES);
    if (vibrate) buzz(HURRY_BUZZ);
  }
}

function buzz(pattern: number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Not allowed before the first tap: nothing to do.
  }
}

/** The tab's title and icon say 「あなたの番」 (`on`), or are the site's own again. */
function markTab(on: boolean): void {
  const title = on ? t("touch.your_turn_title") : t("app.name");
  if (document.title !== title) document.title = title;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const href = on ? "/favicon-turn.svg" : "/favicon.svg";
  if (icon && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}
