import { beforeEach, describe, expect, it } from "vitest";
import "../../games/color-rows";
import { setLanguage } from "../../i18n";
import type { RecentGame, ReplayFrame, ReplayRecord } from "../../net/protocol";
import {
  asking, delayOf, lastStep, openedAt, pageOf, refusedWith, replayLink, replayOfLink, seated, stepTo, tick, toggled,
  viewAt, wanted, withPage, type ReplayState,
} from "./replay";
import { RECORD_HOURS, replayable, stepEvents, tableRoom } from "./replayTable";
import { describe as lines } from "./logEntries";
import { roomCodeOf } from "./upkeep";

/** A record of 23 steps (states 0 to 23: three pages) at three seats. */
const record: ReplayRecord = {
  game: "color-rows", number: 2, players: 3, seats: ["m1", "c1", "c2"], names: ["ゆうき", "CPU 1", "CPU 2"],
  steps: Array.from({ length: 23 }, (_, i) => [i % 3, { type: "draw" }, 1000 + i, i % 3 ? "cpu" : "player"]),
  result: { winners: [1] },
};

/** The page from `start` as `seat` saw it, as the server sends it. */
function page(start: number, seat: number | null = 0): ReplayFrame {
  const end = Math.min(start + 10, 24);
  const frames = Array.from({ length: end - start }, (_, i) => {
    const step = start + i;
    const made = { seat: (step - 1) % 3, by: "cpu", at: 1000, move: { type: "draw" }, events: [{ type: "drew", seat: (step - 1) % 3, card: "o" }] };
    return { step, view: { at: step, seat }, ...(step ? made : {}) };
  });
  return {
    type: "replay", room: "1234", number: 2, seat, record: start === 0 ? record : null, frames,
    next: end <= 23 ? end : null, ...(end > 23 ? { final_views: [{ end: 0 }, { end: 1 }, { end: 2 }] } : {}),
  };
}

/** Opened, with the first page asked for and come. */
function started(): ReplayState {
  const opened = openedAt("1234", 2);
  return withPage(asking(opened, wanted(opened)!), page(0));
}

describe("a replay's pages", () => {
  it("asks for the first page (the record) once, then for nothing while the step is on it", () => {
    const opened = openedAt("1234", 2);
    expect(wanted(opened)).toBe(0);
    expect(wanted(asking(opened, 0))).toBeNull();
    const state = started();
    expect(state.seat).toBe(0);
    expect(lastStep(state)).toBe(23);
    expect(viewAt(state)).toEqual({ at: 0, seat: 0 });
    expect(wanted(state)).toBeNull();
  });

  it("numbers pages by their first step", () => {
    expect([0, 9, 10, 19, 23].map(pageOf)).toEqual([0, 0, 10, 10, 20]);
  });

  it("fetches only the page a far scrub lands on, and keeps the pages it has", () => {
    let state = stepTo(started(), 21);
    expect(viewAt(state)).toBeNull();
    expect(wanted(state)).toBe(20);
    state = withPage(asking(state, 20), page(20));
    expect(viewAt(state)).toEqual({ at: 21, seat: 0 });
    expect(Object.keys(state.pages)).toEqual(["0", "20"]);
    state = stepTo(state, 3); // back on a page it kept: nothing to ask
    expect(viewAt(state)).toEqual({ at: 3, seat: 0 });
    expect(wanted(state)).toBeNull();
  });

  it("asks for the next page a few steps ahead while playing, not while paused", () => {
    const state = stepTo(started(), 7);
    expect(wanted(state)).toBeNull();
    expect(wanted({ ...state, playing: true })).toBe(10);
    expect(wanted(asking({ ...state, playing: true }, 10))).toBeNull();
  });

  it("ignores a page of another game or of a seat no longer shown", () => {
    const state = seated(started(), 2);
    expect(state.pages).toEqual({});
    expect(withPage(state, page(0, 0))).toBe(state);
    expect(withPage(state, { ...page(0, 2), number: 3 })).toBe(state);
    expect(viewAt(withPage(state, page(0, 2)))).toEqual({ at: 0, seat: 2 });
  });

  it("shows every seat's view at the end, whichever seat's pages came", () => {
    let state = withPage(stepTo(started(), 23), page(20));
    expect(viewAt(state)).toEqual({ end: 0 });
    state = seated(state, 1);
    expect(viewAt(state)).toEqual({ end: 1 });
    expect(wanted(state)).toBeNull();
    expect(wanted(stepTo(state, 22))).toBe(20); // before the end: that seat's own page
  });

  it("keeps each step's move, whoever's view brought it", () => {
    const state = seated(started(), 1);
    expect(state.moves[4]).toEqual({ seat: 0, by: "cpu", move: { type: "draw" }, events: [{ type: "drew", seat: 0, card: "o" }] });
  });

  it("learns that the viewer had no seat from the server's default", () => {
    const opened = openedAt("1234", 2);
    expect(withPage(asking(opened, 0), page(0, null)).spectator).toBe(true);
    expect(started().spectator).toBe(false);
  });
});

describe("stepping and playing", () => {
  it("steps within the game, and a step pauses", () => {
    const state = { ...started(), playing: true };
    expect(stepTo(state, -4).step).toBe(0);
    expect(stepTo(state, 99).step).toBe(23);
    expect(stepTo(state, 5).playing).toBe(false);
  });

  it("plays a step a beat, waits at a page not yet come, and stops at the end", () => {
    let state = toggled(stepTo(started(), 8));
    expect(state.playing).toBe(true);
    state = tick(state);
    expect(state.step).toBe(9);
    expect(tick(state)).toBe(state); // step 10's page has not come
    state = tick(withPage(state, page(10)));
    expect(state.step).toBe(10);
    state = withPage(withPage(stepTo(state, 22, true), page(20)), page(20));
    state = tick(state);
    expect(state.step).toBe(23);
    expect(state.playing).toBe(false);
  });

  it("plays again from the start when at the end, and pauses", () => {
    const atEnd = stepTo(started(), 23);
    expect(toggled(atEnd)).toMatchObject({ step: 0, playing: true });
    expect(toggled(toggled(atEnd)).playing).toBe(false);
  });

  it("takes half, one, two or four steps a beat", () => {
    expect([0.5, 1, 2, 4].map((speed) => delayOf(speed as 1))).toEqual([2400, 1200, 600, 300]);
  });

  it("stops at a refusal and asks for nothing more", () => {
    const state = refusedWith({ ...stepTo(started(), 15), playing: true }, "no_replay");
    expect(state).toMatchObject({ error: "no_replay", playing: false });
    expect(wanted(state)).toBeNull();
  });
});

describe("the table of a replay", () => {
  it("is the record's seats, the viewer's seat, and finished only at the end", () => {
    const state = started();
    const room = tableRoom(state, { current: 1, result: null });
    expect(room.game?.seats.map((s) => s.name)).toEqual(["ゆうき", "CPU 1", "CPU 2"]);
    expect(room.you).toMatchObject({ member: "m1", seat: 0 });
    expect(room).toMatchObject({ phase: "playing", version: 0 });
    expect(room.game).toMatchObject({ current: 1, deadline: null });
    expect(tableRoom(stepTo(state, 23), { current: null, result: { winners: [1] } }).phase).toBe("finished");
  });
});

describe("the replay link", () => {
  it("names the room and the game, and no join key", () => {
    const link = replayLink("https://deckroom.example", "/", "4821", 3);
    expect(link).toBe("https://deckroom.example/?room=4821&replay=3");
    expect(replayOfLink(new URL(link).search, roomCodeOf)).toEqual({ room: "4821", number: 3 });
  });

  it("is not one without a game number or a room", () => {
    expect(replayOfLink("?room=4821", roomCodeOf)).toBeNull();
    expect(replayOfLink("?room=4821&replay=0", roomCodeOf)).toBeNull();
    expect(replayOfLink("?replay=2", roomCodeOf)).toBeNull();
  });
});

describe("a recent game of the profile", () => {
  const game: RecentGame = { room: "4821", number: 3, game: "color-match", at: 1_000_000, players: 3, won: true };

  it("replays while its record is kept", () => {
    expect(replayable(game, game.at + 60)).toBe(true);
    expect(replayable(game, game.at + RECORD_HOURS * 3600 - 1)).toBe(true);
  });

  it("does not once its record has expired, or without its number in the room", () => {
    expect(replayable(game, game.at + RECORD_HOURS * 3600)).toBe(false);
    expect(replayable({ ...game, number: null }, game.at)).toBe(false);
  });
});

describe("a step's log lines", () => {
  beforeEach(() => setLanguage("ja"));
  const linesAt = (state: ReplayState, step: number): string[] => {
    const names = Object.fromEntries(record.seats.map((member, seat) => [member, record.names[seat]]));
    return (stepEvents(state, step) ?? []).flatMap((event) =>
      lines({ id: step, event, names, seatNames: { ...record.names }, game: record.game, number: record.number }));
  };

  it("tells a step with the events a live frame told it with, read by the game's own log", () => {
    const state = started();
    expect(stepEvents(state, 4)).toEqual([
      { code: "moved", seat: 0, member: "m1", by: "cpu", move: { type: "draw" } },
      { code: "engine", events: [{ type: "drew", seat: 0, card: "o" }] },
    ]);
    expect(linesAt(state, 4)).toEqual([expect.stringContaining("ゆうき")]);
    expect(linesAt(state, 4)[0]).not.toContain("動きました");
  });

  it("tells a rule deadline as the live log does, and nothing before its page comes", () => {
    const state = withPage(started(), { ...page(0), frames: [{ step: 1, view: {}, seat: null, by: "deadline", at: 1, move: null, events: [] }] });
    expect(stepEvents(state, 1)).toEqual([{ code: "deadline", seat: null }]);
    expect(stepEvents(state, 15)).toBeNull();
  });
});
