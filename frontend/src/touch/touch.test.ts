import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../i18n/en";
import { ja } from "../i18n/ja";
import { ko } from "../i18n/ko";
import type { Deadline, RoomFrame } from "../net/protocol";
import { colorMatchView, member, roomFrame } from "../testing/fixtures";
import { anchorsOf, isStamp, STAMPS } from "./stamps";
import { hurryAt, turnStarts, WARN_SECONDS } from "./turnAlert";
import { safeToUpdate, type Moment } from "./updates";
import { ScreenLock, wantsWakeLock } from "./wakeLock";

/** A game of two in which it is `current`'s turn, seen from seat 0 (ゆうき, m1). */
function game(current: number, fields: Partial<RoomFrame> = {}, number = 1): RoomFrame {
  const frame = roomFrame(fields, { ...colorMatchView({ current }) });
  return { ...frame, game: { ...frame.game!, current, number } };
}

describe("when a new build may reload the page", () => {
  const calm: Moment = { room: null, inFlight: false, typing: false, screenChanged: false, hidden: false };

  it("never in a game or on its results, whatever else", () => {
    for (const phase of ["playing", "finished"] as const) {
      const room = { ...game(0), phase };
      expect(safeToUpdate({ ...calm, room, hidden: true, screenChanged: true })).toBe(false);
    }
  });

  it("at once outside a room, unless something is in flight or being typed", () => {
    expect(safeToUpdate(calm)).toBe(true);
    expect(safeToUpdate({ ...calm, inFlight: true })).toBe(false);
    expect(safeToUpdate({ ...calm, typing: true })).toBe(false);
  });

  it("in the lobby only when the player is not looking or has just come to it", () => {
    const lobby = roomFrame();
    expect(safeToUpdate({ ...calm, room: lobby })).toBe(false);
    expect(safeToUpdate({ ...calm, room: lobby, hidden: true })).toBe(true);
    expect(safeToUpdate({ ...calm, room: lobby, screenChanged: true })).toBe(true);
    expect(safeToUpdate({ ...calm, room: lobby, screenChanged: true, inFlight: true })).toBe(false);
  });
});

describe("the wake lock", () => {
  it("is wanted while seated in a running game, the page visible and the switch on", () => {
    expect(wantsWakeLock(game(1), true, true)).toBe(true);
    expect(wantsWakeLock(game(1), false, true)).toBe(false);
    expect(wantsWakeLock(game(1), true, false)).toBe(false);
    expect(wantsWakeLock({ ...game(1), phase: "finished" }, true, true)).toBe(false);
    expect(wantsWakeLock(roomFrame(), true, true)).toBe(false);
    expect(wantsWakeLock(null, true, true)).toBe(false);
    const watching = game(1, { you: { member: "m3", host: false, seat: null, spectator: true } });
    expect(wantsWakeLock(watching, true, true)).toBe(false);
  });

  describe("held to match what is wanted", () => {
    let log: string[];
    let refuse: boolean;
    let browserRelease: () => void;

    beforeEach(() => {
      log = [];
      refuse = false;
      vi.stubGlobal("navigator", {
        wakeLock: {
          async request() {
            if (refuse) throw new DOMException("battery saver", "NotAllowedError");
            log.push("request");
            const listeners: (() => void)[] = [];
            browserRelease = () => listeners.forEach((listener) => listener());
            return {
              addEventListener: (_: string, listener: () => void) => listeners.push(listener),
              release: async () => void log.push("release"),
            };
          },
        },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it("asks once, lets go once, and asks again after the browser let go (a hidden page)", async () => {
      let wanted = true;
      const lock = new ScreenLock(() => wanted);
      await lock.sync();
      await lock.sync();
      expect(log).toEqual(["request"]);
      browserRelease();
      await lock.sync();
      expect(log).toEqual(["request", "request"]);
      wanted = false;
      await lock.sync();
      await lock.sync();
      expect(log).toEqual(["request", "request", "release"]);
    });

    it("takes a refusal quietly and asks again only at the next change", async () => {
      refuse = true;
      const lock = new ScreenLock(() => true);
      await expect(lock.sync()).resolves.toBeUndefined();
      expect(log).toEqual([]);
      refuse = false;
      await lock.sync();
      expect(log).toEqual(["request"]);
    });

    it("lets go at once of a lock granted after it stopped being wanted", async () => {
      let wanted = true;
      const lock = new ScreenLock(() => wanted);
      const asking = lock.sync();
      wanted = false;
      await asking;
      expect(log).toEqual(["request", "release"]);
    });

    it("does nothing where the API is missing", async () => {
      vi.stubGlobal("navigator", {});
      await expect(new ScreenLock(() => true).sync()).resolves.toBeUndefined();
    });
  });
});

describe("your turn", () => {
  it("starts when the turn comes to this seat, or at a new game's first turn, never for a spectator", () => {
    expect(turnStarts(game(0), game(1))).toBe(true);
    expect(turnStarts(game(0), game(0))).toBe(false);
    expect(turnStarts(game(0), roomFrame())).toBe(true);
    expect(turnStarts(game(0, {}, 2), game(0, {}, 1))).toBe(true);
    expect(turnStarts(game(1), game(0))).toBe(false);
    expect(turnStarts({ ...game(0), phase: "finished" }, game(1))).toBe(false);
    const watching = game(0, { you: { member: "m3", host: false, seat: 0, spectator: true } });
    expect(turnStarts(watching, null)).toBe(false);
  });

  it("is hurried WARN_SECONDS before this seat's turn timer runs out, in local time", () => {
    const timed = (deadline: Deadline | { at: number; kind: string; seat: number | null }): RoomFrame => {
      const frame = game(0);
      return { ...frame, game: { ...frame.game!, deadline: deadline as Deadline } };
    };
    expect(hurryAt(timed({ at: 1030, kind: "turn", seat: 0 }), 2)).toBe(1030 - 2 - WARN_SECONDS);
    expect(hurryAt(timed({ at: 1030, kind: "turn", seat: 1 }), 0)).toBeNull();
    expect(hurryAt(timed({ at: 1030, kind: "standin", seat: 0 }), 0)).toBeNull();
    expect(hurryAt(game(0), 0)).toBeNull();
  });
});

describe("stamps", () => {
  it("are the server's eight, each with words in every language", () => {
    expect([...STAMPS]).toEqual(["like", "nice", "sorry", "hurry", "wait", "almost", "thanks", "gg"]);
    for (const id of STAMPS) {
      for (const catalog of [en, ja, ko]) expect(catalog[`stamp.${id}`]).toBeTruthy();
    }
    expect(ja["stamp.almost"]).toBe("おしい");
    expect(isStamp("gg")).toBe(true);
    expect(isStamp("hello")).toBe(false);
  });

  it("show over the sender's lobby row or seat, one's own also over the hand, else over the table", () => {
    expect(anchorsOf(roomFrame(), "m2")).toEqual(['[data-member="m2"]', '[data-anchor="stage"]', "main"]);
    const playing = game(1);
    expect(anchorsOf(playing, "m2")[0]).toBe('[data-seat="1"]');
    expect(anchorsOf(playing, "m1").slice(0, 3)).toEqual(['[data-seat="0"]', '[data-anchor="hand"]', '[data-anchor="mine"]']);
    const withWatcher = { ...playing, members: [...playing.members, member("m3", "みる")] };
    expect(anchorsOf(withWatcher, "m3")).toEqual(['[data-anchor="stage"]', "main"]);
  });
});
