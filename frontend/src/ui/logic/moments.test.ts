import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { colorMatchView, roomFrame } from "../../testing/fixtures";
import { entriesOf } from "./logEntries";
import { dealt, tickerLines, winMoment } from "./moments";

beforeEach(() => setLanguage("ja"));

const playing = (number = 1): RoomFrame => {
  const frame = roomFrame({}, { ...colorMatchView() });
  return { ...frame, game: { ...frame.game!, number } };
};
const finished = (winners: string[], standins: string[] = []): RoomFrame => ({
  ...playing(),
  phase: "finished",
  history: [{ number: 1, game: "color-match", winners, standin_winners: standins, cards_played: 38 }],
});

describe("the table's moments", () => {
  it("deals when the table appears or a new game replaces the one on it, not on a move", () => {
    expect(dealt(playing(), roomFrame())).toBe(true);
    expect(dealt(playing(2), finished(["m1"]))).toBe(true);
    expect(dealt(playing(2), playing(1))).toBe(true);
    expect(dealt(playing(1), playing(1))).toBe(false);
    expect(dealt(finished(["m1"]), playing(1))).toBe(false);
  });

  it("celebrates the end of a game once: your own win, another's, or none", () => {
    expect(winMoment(finished(["m1"]), playing())).toEqual({ text: "あなたの勝ち！", mine: true });
    expect(winMoment(finished(["m2"]), playing())).toEqual({ text: "はなこの勝ち！", mine: false });
    expect(winMoment(finished([], ["m2"]), playing())).toEqual({ text: "はなこ（CPU の代打ち）の勝ち！", mine: false });
    expect(winMoment(finished([]), playing())).toEqual({ text: "勝者なしで終わりました", mine: false });
    // A reload into the results, or a frame of the results after the first: no second moment.
    expect(winMoment(finished(["m1"]), finished(["m1"]))).toBeNull();
    expect(winMoment(playing(), playing())).toBeNull();
  });

  it("says whose win in the reader's language", () => {
    setLanguage("en");
    expect(winMoment(finished(["m1"]), playing())?.text).toBe("You win!");
    setLanguage("ko");
    expect(winMoment(finished(["m2"]), playing())?.text).toBe("はなこ 승리!");
  });
});

describe("the ticker", () => {
  const frame = (events: RoomFrame["events"]) => roomFrame({ events }, { ...colorMatchView() });
  const log = [
    ...entriesOf(frame([{ code: "game_started", game: "color-match", number: 1 }])),
    ...entriesOf(frame([{ code: "moved", member: "m1", seat: 0, by: "player", move: { type: "play", cards: ["r7"] } }])),
    ...entriesOf(frame([
      { code: "moved", member: "m2", seat: 1, by: "player", move: { type: "play", cards: ["rS"] } },
      { code: "engine", events: [{ type: "skipped", seat: 0 }] },
    ])),
  ];

  it("shows the last lines newest first, across entries", () => {
    expect(tickerLines(log).map((line) => line.text)).toEqual(["ゆうきの番は飛ばされました", "はなこが 赤のスキップ を出しました"]);
    expect(tickerLines(log, 4).map((line) => line.text).slice(2)).toEqual(["ゆうきが 赤の7 を出しました", "カラーマッチの1ゲーム目が始まりました"]);
  });

  it("keys each line by its entry, so a line keeps its key as newer ones come", () => {
    const [, before] = tickerLines(log);
    const later = [...log, ...entriesOf(frame([{ code: "moved", member: "m1", seat: 0, by: "player", move: { type: "draw" } }]))];
    expect(tickerLines(later, 3).map((line) => line.key)).toContain(before.key);
  });

  it("is empty before anything happened", () => {
    expect(tickerLines([])).toEqual([]);
  });
});
