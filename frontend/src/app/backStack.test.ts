import { describe, expect, it } from "vitest";
import { BackStack, depthOf, screensOf, type HistoryLike, type Screen } from "./backStack";

/** A browser's session history: entries, the current index, and `popstate` delivered later, as browsers do. */
class FakeHistory implements HistoryLike {
  entries: unknown[] = ["before the site", null];
  index = 1;
  private pops: number[] = [];
  stack: BackStack | null = null;

  get state(): unknown {
    return this.entries[this.index];
  }

  pushState(data: unknown): void {
    this.entries = [...this.entries.slice(0, this.index + 1), data];
    this.index++;
  }

  replaceState(data: unknown): void {
    this.entries[this.index] = data;
  }

  go(delta: number): void {
    this.pops.push(delta);
  }

  /** The person presses Back (or Forward): the browser moves, then tells the page. */
  press(delta: -1 | 1): void {
    this.index += delta;
    this.stack!.popped(this.state);
  }

  /** The `go` calls the page made land, each followed by its `popstate`. */
  settle(): void {
    while (this.pops.length) {
      this.index += this.pops.shift()!;
      this.stack!.popped(this.state);
    }
  }

  get depths(): (number | null)[] {
    return this.entries.slice(1).map(depthOf);
  }
}

function site() {
  const history = new FakeHistory();
  const asked: Screen[] = [];
  const stack = new BackStack(history, (from) => asked.push(from));
  history.stack = stack;
  return { history, stack, asked };
}

const HOME: Screen[] = ["home"];
const ROOM: Screen[] = ["home", "room"];
const TABLE: Screen[] = ["home", "room", "table"];

describe("the screens", () => {
  const room = (phase: string, seat: number | null) => ({ phase, you: { seat } });

  it("are the table only for a player seated in a running game", () => {
    expect(screensOf(null, false)).toEqual(HOME);
    expect(screensOf(room("lobby", null), false)).toEqual(ROOM);
    expect(screensOf(room("playing", 1), false)).toEqual(TABLE);
    expect(screensOf(room("playing", null), false)).toEqual(ROOM); // watching, or left the game
    expect(screensOf(room("finished", 1), false)).toEqual(ROOM);
    expect(screensOf(room("playing", 0), true)).toEqual([...TABLE, "profile"]);
  });

  it("have a replay over the room's screens (or over home, for a link opened outside the room)", () => {
    expect(screensOf(room("finished", 1), false, true)).toEqual([...ROOM, "replay"]);
    expect(screensOf(room("lobby", null), true, true)).toEqual([...ROOM, "replay", "profile"]);
    expect(screensOf(null, false, true)).toEqual([...HOME, "replay"]);
  });
});

describe("Back", () => {
  it("gets an entry of the site's own for every screen going in", () => {
    const { history, stack } = site();
    expect(history.depths).toEqual([0]); // the page's first entry is home
    stack.show(HOME);
    stack.show(ROOM);
    stack.show(TABLE);
    expect(history.depths).toEqual([0, 1, 2]);
    expect(history.index).toBe(3);
  });

  it("at the table asks, and the table stays until the player decides", () => {
    const { history, stack, asked } = site();
    stack.show(TABLE);
    history.press(-1);
    expect(asked).toEqual(["table"]);
    expect(history.depths).toEqual([0, 1, 2]); // pushed back: one more Back asks again, never leaves the site
    expect(history.index).toBe(3);
    history.press(-1);
    expect(asked).toEqual(["table", "table"]);
  });

  it("walks table → room → home as the player leaves each, and never below the site's first entry", () => {
    const { history, stack, asked } = site();
    stack.show(TABLE);
    history.press(-1);
    stack.show(ROOM); // the player left the game: the history goes back to the room's entry
    history.settle();
    expect(history.index).toBe(2);
    history.press(-1);
    expect(asked).toEqual(["table", "room"]);
    expect(history.index).toBe(2);
    stack.show(HOME); // left the room
    history.settle();
    expect(history.index).toBe(1);
    expect(history.state).toEqual({ deckroom: 0 });
  });

  it("follows a game that ends by itself, and Forward past it comes back", () => {
    const { history, stack, asked } = site();
    stack.show(TABLE);
    stack.show(ROOM); // the results
    history.settle();
    expect(history.index).toBe(2);
    history.press(1); // Forward to the old table entry
    history.settle();
    expect(history.index).toBe(2);
    expect(asked).toEqual([]);
  });

  it("keeps still while the history travels, then catches up with the screens", () => {
    const { history, stack } = site();
    stack.show(TABLE);
    stack.show(HOME); // the room went away: back two entries …
    stack.show(ROOM); // … and a new room came before the browser got there
    history.settle();
    expect(history.index).toBe(2);
    expect(history.depths).toEqual([0, 1]);
  });

  it("closes the profile over a screen", () => {
    const { history, stack, asked } = site();
    stack.show(ROOM);
    stack.show([...ROOM, "profile"]);
    history.press(-1);
    expect(asked).toEqual(["profile"]);
  });

  it("after a reload waits to know the screens, then goes back to the right entry", () => {
    const history = new FakeHistory();
    history.entries = ["before the site", { deckroom: 0 }, { deckroom: 1 }, { deckroom: 2 }];
    history.index = 3; // reloaded at the table of a game that has ended since
    const asked: Screen[] = [];
    const stack = new BackStack(history, (from) => asked.push(from));
    history.stack = stack;
    expect(history.entries[3]).toEqual({ deckroom: 2 }); // kept: the site's own entry
    history.press(-1); // Back while still resuming: nothing to ask yet
    expect(asked).toEqual([]);
    stack.show(HOME); // the room is gone
    history.settle();
    expect(history.index).toBe(1);
  });
});
