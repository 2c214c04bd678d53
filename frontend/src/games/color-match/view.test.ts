import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import { colorMatchView } from "../../testing/fixtures";
import {
  callAhead, canPlayAlone, handOrder, isLegalSet, needsColor, orderForPlay, settle, tap, tappable, turnHint,
} from "./view";
import { playOrder } from "../seats";
import { counted, type SeatRecord } from "./counting";

beforeEach(() => setLanguage("ja"));

// The engine's legal moves for this hand on a green 6 with まとめ出し on (functions/engine/color_match/legality.py).
const HAND = ["r0", "g0", "g3", "y5", "b0"];
const MULTI = colorMatchView({
  options: { multi_play: true },
  hand: HAND,
  legal: [
    { type: "play", cards: ["g0"] },
    { type: "play", cards: ["g3"] },
    { type: "play", cards: ["g0", "b0"] },
    { type: "play", cards: ["g0", "r0"] },
    { type: "play", cards: ["g0", "r0", "b0"] },
    { type: "draw" },
  ],
});
const index = (code: string) => HAND.indexOf(code);
const cards = (indices: Iterable<number>) => [...indices].map((i) => HAND[i]).sort();

describe("まとめ出し: the multi-card selection", () => {
  it("raises only the cards playable by themselves while nothing is picked", () => {
    expect(cards(tappable(MULTI, HAND, []))).toEqual(["g0", "g3"]);
  });

  it("raises, after a pick, the picked card and only the cards that still make a legal play with it", () => {
    expect(cards(tappable(MULTI, HAND, [index("g0")]))).toEqual(["b0", "g0", "r0"]);
  });

  it("does not raise an illegal second pick (a green 3 after the green 0)", () => {
    expect(tappable(MULTI, HAND, [index("g0")]).has(index("g3"))).toBe(false);
    expect(tap(MULTI, HAND, [index("g0")], index("g3"))).toBeNull();
  });

  it("picks a card that has companions instead of playing it, and plays a lone card at once", () => {
    expect(tap(MULTI, HAND, [], index("g0"))).toEqual({ picked: [index("g0")] });
    expect(tap(MULTI, HAND, [], index("g3"))).toEqual({ play: ["g3"] });
    expect(tap(MULTI, HAND, [], index("r0"))).toBeNull(); // red 0 cannot start a play on a green 6
  });

  it("grows a pick to a triple and takes a card back with a second tap", () => {
    let picked = [index("g0")];
    for (const code of ["r0", "b0"]) {
      const next = tap(MULTI, HAND, picked, index(code));
      expect(next).toHaveProperty("picked");
      picked = (next as { picked: number[] }).picked;
    }
    expect(isLegalSet(MULTI, picked.map((i) => HAND[i]))).toBe(true);
    expect(tap(MULTI, HAND, picked, index("b0"))).toEqual({ picked: [index("g0"), index("r0")] });
  });

  it("drops the picks that no longer fit when the first one is taken back", () => {
    expect(settle(MULTI, HAND, [index("r0")])).toEqual([]);
    expect(tap(MULTI, HAND, [index("g0"), index("r0")], index("g0"))).toEqual({ picked: [] });
  });

  it("orders any legal set so the server takes it: a card that may start goes first", () => {
    expect(orderForPlay(MULTI, ["r0", "g0"])).toEqual(["g0", "r0"]);
    expect(orderForPlay(MULTI, ["g0", "r0"])).toEqual(["g0", "r0"]);
    expect(orderForPlay(MULTI, ["b0", "r0", "g0"])).toEqual(["g0", "b0", "r0"]);
    expect(isLegalSet(MULTI, ["r0", "g0"])).toBe(true);
    expect(isLegalSet(MULTI, ["g0", "g3"])).toBe(false);
  });

  it("plays a pair in either order when both cards may start (a 7 on a 7)", () => {
    const hand = ["r7", "b7", "y2"];
    const view = colorMatchView({
      options: { multi_play: true }, hand, top: "g7",
      legal: [{ type: "play", cards: ["b7"] }, { type: "play", cards: ["r7"] }, { type: "play", cards: ["r7", "b7"] }],
    });
    for (const [first, second] of [[0, 1], [1, 0]]) {
      const picked = (tap(view, hand, [first], second) as { picked: number[] }).picked;
      const order = orderForPlay(view, picked.map((i) => hand[i]));
      expect(order).toEqual([hand[first], hand[second]]);
      expect(canPlayAlone(view, order[0])).toBe(true);
    }
  });
});

describe("the hand", () => {
  it("sorts by colour (red, yellow, green, blue, wilds) then by value, keeping equal cards in order", () => {
    const hand = ["W4", "bS", "g2", "r9", "y0", "r1", "b7", "W", "gD", "r1"];
    expect(handOrder(hand, true).map((i) => hand[i])).toEqual(["r1", "r1", "r9", "y0", "g2", "gD", "b7", "bS", "W", "W4"]);
    expect(handOrder(hand, true).slice(0, 2)).toEqual([5, 9]);
  });

  it("keeps the dealt order when sorting is off", () => {
    expect(handOrder(["b1", "r2"], false)).toEqual([0, 1]);
  });
});

describe("a Wild", () => {
  it("asks for a colour, except when it is the last card and wins (no colour is named then)", () => {
    const colours = ["r", "y", "g", "b"].map((color) => ({ type: "play", cards: ["W"], color }));
    expect(needsColor(colorMatchView({ hand: ["W", "r1"], legal: colours }), ["W"])).toBe(true);
    expect(needsColor(colorMatchView({ hand: ["W"], legal: [{ type: "play", cards: ["W"] }] }), ["W"])).toBe(false);
  });
});

describe("the last-card call", () => {
  it("says why when it is offered ahead with more than two cards (まとめ出し: all but one go together)", () => {
    const three = colorMatchView({ options: { multi_play: true, call: "next_action" }, hand: ["r5", "g5", "b2"],
      legal: [{ type: "play", cards: ["r5", "g5"] }, { type: "draw" }, { type: "declare" }] });
    expect(callAhead(three, three.hand!)).toBe(2);
    // The usual calls need no word: two cards in hand, or one left by a play.
    expect(callAhead({ ...three, hand: ["r5", "g5"] }, ["r5", "g5"])).toBeNull();
    expect(callAhead({ ...three, hand: ["r5"] }, ["r5"])).toBeNull();
    expect(callAhead({ ...three, legal: [{ type: "draw" }] }, three.hand!)).toBeNull();
  });
});

describe("the turn hint (seed 000)", () => {
  it("names the colour and the number that may be played", () => {
    const view = colorMatchView({ top: "r7", color: "r", hand: ["r1"], legal: [{ type: "play", cards: ["r1"] }, { type: "draw" }] });
    expect(turnHint(view, view.hand!, [])).toBe("あなたの番です。赤か7の札を出せます");
  });

  it("names the colour of a Wild on top", () => {
    const view = colorMatchView({ top: "W", color: "b", hand: ["b1"], legal: [{ type: "play", cards: ["b1"] }] });
    expect(turnHint(view, view.hand!, [])).toBe("あなたの番です。青の札かワイルドを出せます");
  });

  it("says when nothing can be played", () => {
    const view = colorMatchView({ top: "r7", color: "r", hand: ["b1"], legal: [{ type: "draw" }] });
    expect(turnHint(view, view.hand!, [])).toContain("山から引きます");
  });

  it("reads in English and Korean too", () => {
    const view = colorMatchView({ top: "rS", color: "r", hand: ["r1"], legal: [{ type: "play", cards: ["r1"] }] });
    setLanguage("en");
    expect(turnHint(view, view.hand!, [])).toBe("Your turn: play a Red card or a Skip");
    setLanguage("ko");
    expect(turnHint(view, view.hand!, [])).toBe("내 차례입니다. 빨강 카드나 스킵을 낼 수 있습니다");
  });
});

describe("the card counter", () => {
  const seat = (fields: Partial<SeatRecord> = {}): SeatRecord =>
    ({ drew_on: {}, named: "", wilds: 0, wd4: 0, actions: 0, kept: 0, ...fields });
  const players = [0, 1, 2, 3].map((s) => ({ seat: s, cards: 5, declared: false }));

  it("counts the wilds neither in the hand nor played, and reads each other seat's record in seat order from mine", () => {
    const view = colorMatchView({
      seat: 1, players, top: "W4", hand: ["W", "r2", "W4"],
      record: {
        seats: [seat({ named: "grybg", wilds: 3, wd4: 2 }), seat(), seat({ drew_on: { r: 3, y: 1 }, actions: 2 }), seat()],
        under: { W: 1, W4: 0 },
      },
    });
    const { wilds, seats } = counted(view, playOrder(4, 1, 1))!;
    expect(wilds).toEqual([{ code: "W", left: 2 }, { code: "W4", left: 2 }]);
    expect(seats.map((s) => s.seat)).toEqual([2, 3, 0]);
    expect(seats[0].drewOn).toEqual([{ color: "y", since: 1 }, { color: "r", since: 3 }]); // the latest draw first
    expect(seats[2]).toMatchObject({ named: ["r", "y", "b", "g"], wilds: 3, wd4: 2, actions: 0 }); // the latest four
  });

  it("shows every seat to a spectator, and nothing without a record", () => {
    const record = { seats: players.map(() => seat()), under: { W: 0, W4: 0 } };
    expect(counted(colorMatchView({ seat: null, hand: undefined, players, record }), [0, 1, 2, 3])!.seats.map((s) => s.seat)).toEqual([0, 1, 2, 3]);
    expect(counted(colorMatchView({ players }), [1, 2, 3])).toBeNull();
  });
});
