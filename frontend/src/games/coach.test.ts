/** The coach's tips (each game's `coachTip`, shown by ui/parts/CoachTip.tsx): which cards can be played, and why. */
import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../i18n";
import { coachOn } from "../prefs";
import { colorMatchView, daifugoView } from "../testing/fixtures";
import { coachTip as colorMatchTip } from "./color-match/view";
import { coachTip as colorRowsTip, type ColorRowsView } from "./color-rows/view";
import { coachTip as daifugoTip } from "./daifugo/view";

beforeEach(() => setLanguage("ja"));

describe("Color Match", () => {
  // On a red 7 (the engine's legal moves for this hand): the red 3 by its colour, the blue 7 by its number, the Wild.
  const hand = ["r3", "b7", "W", "g2"];
  const onRed7 = colorMatchView({
    hand, top: "r7", color: "r",
    legal: [{ type: "play", cards: ["r3"] }, { type: "play", cards: ["b7"] }, { type: "play", cards: ["W"], color: "r" }, { type: "draw" }],
  });

  it("names each playable card with its reason", () => {
    expect(colorMatchTip(onRed7, hand)).toEqual(["出せる札：赤の3（色が同じ）、青の7（数字が同じ）、ワイルド（いつでも）"]);
    setLanguage("en");
    expect(colorMatchTip(onRed7, hand)).toEqual(["You can play Red 3 (same colour); Blue 7 (same number); Wild (always)."]);
    setLanguage("ko");
    expect(colorMatchTip(onRed7, hand)).toEqual(["낼 수 있는 카드: 빨강 3(같은 색), 파랑 7(같은 숫자), 와일드(언제든)"]);
  });

  it("says a symbol matches a symbol, and names at most two cards of a reason", () => {
    const skips = ["gS", "yS", "bS", "r1", "r2", "r4"];
    const view = colorMatchView({
      hand: skips, top: "rS", color: "r",
      legal: [...skips.map((code) => ({ type: "play", cards: [code] })), { type: "draw" }],
    });
    expect(colorMatchTip(view, skips)).toEqual(["出せる札：赤の1・赤の2・…（色が同じ）、緑のスキップ・黄のスキップ・…（記号が同じ）"]);
  });

  it("tells a player with nothing to play to draw", () => {
    const view = colorMatchView({ hand: ["g2"], top: "r7", color: "r", legal: [{ type: "draw" }] });
    expect(colorMatchTip(view, ["g2"])).toEqual(["合う札がないので 1 枚引く。合えばそのまま出せる。"]);
  });

  it("leaves the turns the banner explains alone: a penalty, a drawn card, the first colour", () => {
    expect(colorMatchTip({ ...onRed7, pending: { draw: 2, by: 1 } }, hand)).toBeNull();
    expect(colorMatchTip({ ...onRed7, drawn: "r3", legal: [{ type: "play", cards: ["r3"] }, { type: "pass" }] }, hand)).toBeNull();
    expect(colorMatchTip({ ...onRed7, legal: [{ type: "choose_color", color: "r" }] }, hand)).toBeNull();
  });
});

describe("大富豪", () => {
  const field = { by: 1, cards: ["s5", "h5"], kind: "set" as const, size: 2, rank: "5", low: null, high: null, suit: null };

  it("names the plays that beat the field", () => {
    const view = daifugoView({
      hand: ["c4", "d4", "s9", "h9", "sK"], field,
      legal: [{ type: "play", cards: ["s9", "h9"] }, { type: "pass" }],
    });
    expect(daifugoTip(view)).toEqual(["♠5 ♥5 より強い札：9 を 2 枚。パスしてもよい。"]);
  });

  it("says how to lead, and when only a pass is left", () => {
    expect(daifugoTip(daifugoView({ hand: ["c4"], legal: [{ type: "play", cards: ["c4"] }] }))).toEqual([
      "場が空なので、好きな 1 枚か同じ数字 2〜4 枚を出せる。弱い札から。",
    ]);
    expect(daifugoTip(daifugoView({ hand: ["c4"], field, legal: [{ type: "pass" }] }))).toEqual(["♠5 ♥5 より強い札がないのでパス。"]);
  });

  it("has nothing to say in the exchange", () => {
    expect(daifugoTip(daifugoView({ phase: "exchange", legal: [{ type: "give", cards: ["c4"] }] }))).toBeNull();
  });
});

describe("Color Rows", () => {
  const view = (fields: Partial<ColorRowsView>): ColorRowsView => ({
    seat: 0, options: {}, colors: [], table: [], rows: [], players: [], supply: 40, last_round: false, drawn: null,
    current: 0, round: 1, legal: [], result: null, ...fields,
  });

  it("says what each choice does", () => {
    expect(colorRowsTip(view({ legal: [{ type: "draw" }, { type: "take", row: 0 }] }))).toEqual([
      "札をめくって列に置くか、列を取る（取ったらこのラウンドは抜ける）。",
    ]);
    expect(colorRowsTip(view({ drawn: "blue", legal: [{ type: "place", row: 0 }] }))).toEqual(["取りたい列に置くか、ほかの人の列を邪魔する。"]);
    expect(colorRowsTip(view({ legal: [{ type: "take", row: 0 }] }))).toEqual(["置ける列がないので、自分の色に合う列を取る。"]);
    expect(colorRowsTip(view({}))).toBeNull();
  });
});

describe("whether the tips show", () => {
  it("shows them when chosen, and for the first game against CPUs", () => {
    expect(coachOn("on")).toBe(true);
    expect(coachOn("first")).toBe(true);
    expect(coachOn("off")).toBe(false);
    expect(coachOn(null)).toBe(false);
  });
});
