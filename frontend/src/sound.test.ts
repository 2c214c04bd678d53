import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomFrame } from "./net/protocol";
import { playFor } from "./sound";
import { colorMatchView, roomFrame } from "./testing/fixtures";

/** The frequencies of the tones scheduled, in order: a stand-in for the browser's AudioContext. */
const played: number[] = [];

class FakeAudioContext {
  currentTime = 0;
  destination = {};
  createOscillator() {
    const oscillator = { type: "", frequency: { value: 0 }, connect: (node: unknown) => node, stop() {},
      start: () => played.push(oscillator.frequency.value) };
    return oscillator;
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node: unknown) => node };
  }
}
vi.stubGlobal("AudioContext", FakeAudioContext);
beforeEach(() => void (played.length = 0));

const playing = (): RoomFrame => {
  const frame = roomFrame({}, { ...colorMatchView({ current: 1 }) });
  return { ...frame, game: { ...frame.game!, number: 1, current: 1 } };
};
/** The end of game 1, won by `winners` (ゆうき is this phone's player, m1). */
const finished = (winners: string[]): RoomFrame => ({
  ...playing(),
  phase: "finished",
  history: [{ number: 1, game: "color-match", winners, standin_winners: [], cards_played: 38 }],
});

describe("the end of a game's sound", () => {
  it("is your win's fanfare when you won, with the sound on", () => {
    playFor(finished(["m1"]), playing(), true);
    expect(played.at(-1)).toBe(1568); // the flourish an octave above the end's fanfare
  });

  it("is nothing with the sound off", () => {
    playFor(finished(["m1"]), playing(), false);
    playFor(finished(["m2"]), playing(), false);
    expect(played).toEqual([]);
  });

  it("is the plain fanfare when another player won, or nobody", () => {
    playFor(finished(["m2"]), playing(), true);
    expect(played).toEqual([523, 659, 784, 1047]);
    played.length = 0;
    playFor(finished([]), playing(), true);
    expect(played).toEqual([523, 659, 784, 1047]);
  });

  it("plays once: a later frame of the results is silent", () => {
    playFor(finished(["m1"]), finished(["m1"]), true);
    expect(played).toEqual([]);
  });
});
