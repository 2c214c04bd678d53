/**
 * The browser's Back inside the site: the site's screens as a stack — home, the room, the table of a game one is
 * seated in, the profile over any of them — mirrored by history entries of its own (the History API), so Back moves
 * from the table to the room and from the room home, and never leaves the site from a room by surprise.
 *
 * A replay (app/replay.ts) opens over the room's screens, and Back closes it.
 *
 * Each entry the site makes carries its depth in the stack (`{deckroom: 2}`: the table). When the screens change
 * the history follows: a deeper screen pushes entries up to its depth, a shallower one (the game ended, the room
 * was left) goes back to its own entry. Back itself is a `popstate` that cannot be refused; so the entries are
 * pushed back at once and the screen that was on top is asked what Back means for it (`back`): the table and the
 * room ask the player first, the profile simply closes. Only what the player then decides changes the screens.
 */

/** The screens, from the bottom of the stack. */
export type Screen = "home" | "room" | "table" | "replay" | "profile";

/** The part of `window.history` the stack uses (a test gives its own). */
export interface HistoryLike {
  readonly state: unknown;
  pushState(data: unknown, unused: string): void;
  replaceState(data: unknown, unused: string): void;
  go(delta: number): void;
}

const KEY = "deckroom";

/** The depth an entry of the site's carries (null: an entry the site did not make, such as the page's first). */
export function depthOf(state: unknown): number | null {
  const depth = typeof state === "object" && state !== null ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof depth === "number" && Number.isInteger(depth) && depth >= 0 ? depth : null;
}

const entry = (depth: number): Record<string, number> => ({ [KEY]: depth });

/** The stack of screens a player is at: home, the room they are in, the table of the game they are seated in (a
 * spectator and a player on the results are in the room), a replay, and the profile over them when it is open. */
export function screensOf(room: { phase: string; you: { seat: number | null } } | null, profile: boolean, replay = false): Screen[] {
  const screens: Screen[] = ["home"];
  if (room) screens.push("room");
  if (room?.phase === "playing" && room.you.seat !== null) screens.push("table");
  if (replay) screens.push("replay");
  if (profile) screens.push("profile");
  return screens;
}

export class BackStack {
  /** The screens shown (null until the site knows where the player is: a reload is still resuming its room). */
  private screens: Screen[] | null = null;
  /** The depth of the history entry the browser is at, as far as the site knows. */
  private depth: number;
  /** `go` calls whose `popstate` has not come yet: the history is moving on the site's own behalf. */
  private travelling = 0;

  constructor(
    private readonly history: HistoryLike,
    private readonly back: (from: Screen) => void,
  ) {
    const depth = depthOf(history.state);
    if (depth === null) history.replaceState(entry(0), "");
    this.depth = depth ?? 0;
  }

  /** The screens changed: the history follows. */
  show(screens: Screen[]): void {
    this.screens = screens;
    if (!this.travelling) this.align();
  }

  /** The browser moved to the entry with `state` (its `popstate`). */
  popped(state: unknown): void {
    this.depth = depthOf(state) ?? 0;
    if (this.travelling) {
      this.travelling--;
      if (!this.travelling && this.screens) this.align();
      return;
    }
    if (!this.screens) return; // still resuming: the first `show` puts the history right
    const top = this.screens.length - 1;
    const from = this.screens[top];
    const wentBack = this.depth < top;
    this.align(); // the screens stay as they are until the player decides
    if (wentBack) this.back(from);
  }

  /** The history entry at the depth of the top screen: entries pushed up to it, or the history gone back to it. */
  private align(): void {
    const top = this.screens!.length - 1;
    if (this.depth < top) {
      for (let depth = this.depth + 1; depth <= top; depth++) this.history.pushState(entry(depth), "");
      this.depth = top;
    } else if (this.depth > top) {
      this.travelling++;
      this.history.go(top - this.depth);
    }
  }
}
