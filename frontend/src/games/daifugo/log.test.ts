import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import type { RoomEvent } from "../../net/protocol";
import { daifugoView, roomFrame } from "../../testing/fixtures";
import { describe as lines, entriesOf } from "../../ui/logic/logEntries";
import { effects } from "./effects";

beforeEach(() => setLanguage("ja"));

const told = (events: RoomEvent[]): string[] =>
  entriesOf(roomFrame({ events }, { ...daifugoView() }, "daifugo")).flatMap(lines);
const moved = (seat: number, move: Record<string, unknown>, by = "player"): RoomEvent =>
  ({ code: "moved", member: seat ? "m2" : "m1", seat, by, move });
const engine = (...events: Record<string, unknown>[]): RoomEvent => ({ code: "engine", events });

describe("大富豪's log sentences", () => {
  it("tells a play, a run and a pass from the move", () => {
    expect(told([moved(0, { type: "play", cards: ["s5", "h5"] }), engine({ type: "play", seat: 0, cards: ["s5", "h5"] })]))
      .toEqual(["ゆうきが ♠5 ♥5 を出しました"]);
    expect(told([moved(1, { type: "play", cards: ["X1", "s5", "s6"], seq: "4" })]))
      .toEqual(["はなこが階段 ♠4〜6（ジョーカー ♠5 ♠6）を出しました"]);
    expect(told([moved(1, { type: "pass" }), engine({ type: "pass", seat: 1 })])).toEqual(["はなこはパス"]);
  });

  it("tells what a play caused, in the order it happened", () => {
    const events = engine(
      { type: "play", seat: 0, cards: ["s8", "h8", "d8", "c8"] },
      { type: "revolution", on: true }, { type: "out", seat: 0, place: 1 }, { type: "eight_cut" }, { type: "clear", seat: 1 },
    );
    expect(told([events])).toEqual([
      "革命！ 強さが逆になりました", "ゆうきが 1 位で上がりました", "8切りで場が流れました", "場が流れました。はなこが親です",
    ]);
    expect(told([engine({ type: "lock", suits: ["s", "h"] }, { type: "eleven_back", on: true })]))
      .toEqual(["縛り：♠♥ しか出せません", "11バック：場が流れるまで強さが逆です"]);
    expect(told([engine({ type: "foul", seat: 1, place: 2 }, { type: "miyako_ochi", seat: 0 })]))
      .toEqual(["はなこは反則上がりで 2 位", "都落ち：ゆうきは最下位へ"]);
    expect(told([engine({ type: "round_end", round: 1, places: [1, 0] })])).toEqual(["第 1 ゲーム終了。大富豪ははなこ"]);
  });

  it("tells a give without its cards (only its two players see them)", () => {
    expect(told([moved(0, { type: "give" }), engine({ type: "give", seat: 0, to: 1 })])).toEqual(["ゆうきがはなこに札を渡しました"]);
  });

  it("speaks English and Korean", () => {
    setLanguage("en");
    expect(told([moved(0, { type: "play", cards: ["hT"] }), engine({ type: "spade3" })]))
      .toEqual(["ゆうき played ♥10", "Spade 3 return: the field clears"]);
    setLanguage("ko");
    expect(told([moved(1, { type: "play", cards: ["c2"] })])).toEqual(["はなこ가 ♣2를 냈습니다"]);
  });
});

describe("大富豪's motion", () => {
  it("flies played cards to the field and announces what they did", () => {
    const after = roomFrame({ events: [engine(
      { type: "play", seat: 1, cards: ["s8", "h8"] }, { type: "revolution", on: true }, { type: "eight_cut" }, { type: "clear", seat: 1 },
    )] }, { ...daifugoView() }, "daifugo");
    const { effects: shown, sounds } = effects(after);
    expect(shown).toEqual([
      { kind: "fly", from: { seat: 1 }, to: "pile", card: "s8" }, { kind: "fly", from: { seat: 1 }, to: "pile", card: "h8" },
      { kind: "announce", text: "革命！", tone: "warn" }, { kind: "announce", text: "8切り！", tone: "good" },
    ]);
    expect(sounds).toEqual(["card", "reverse", "skip"]);
  });

  it("flies a give face down, face up only to its two players", () => {
    const give = engine({ type: "give", seat: 0, to: 2 });
    const mine = roomFrame({ events: [give] }, { ...daifugoView({ exchange: { pending: [], give: 0, given: ["c3", "d4"], received: [] } }) }, "daifugo");
    expect(effects(mine).effects).toEqual([{ kind: "fly", from: "hand", to: { seat: 2 }, card: "c3", count: 2 }]);
    const other = roomFrame({ events: [give] }, { ...daifugoView({ seat: 1, exchange: { pending: [], give: 0, given: [], received: [] } }) }, "daifugo");
    expect(effects(other).effects).toEqual([{ kind: "fly", from: { seat: 0 }, to: { seat: 2 }, card: null, count: 1 }]);
  });
});
