import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import { daifugoView } from "../../testing/fixtures";
import { othersFrom } from "../seats";
import { cardName, cardShort, canonicalKey } from "./cards";
import {
  fieldName, moreNeeded, partnerOf, playName, readings, settle, shownTitle, tappable, titlesFor, toggle, turnHint,
  type DaifugoView,
} from "./view";
import { cardsLeft } from "./counting";

beforeEach(() => setLanguage("ja"));

// The engine's legal moves (functions/engine/daifugo, `house` options) for a leader holding these cards.
const LEAD_HAND = ["s4", "s5", "h5", "s6", "d9", "X1"];
const LEAD = daifugoView({
  hand: LEAD_HAND,
  legal: [
    { type: "play", cards: ["s4"] }, { type: "play", cards: ["s5"] }, { type: "play", cards: ["h5"] },
    { type: "play", cards: ["s6"] }, { type: "play", cards: ["d9"] }, { type: "play", cards: ["X1"] },
    { type: "play", cards: ["s4", "X1"] }, { type: "play", cards: ["s5", "h5"] }, { type: "play", cards: ["s6", "X1"] },
    { type: "play", cards: ["d9", "X1"] }, { type: "play", cards: ["s5", "h5", "X1"] },
    { type: "play", cards: ["s4", "s5", "X1"], seq: "3" }, { type: "play", cards: ["s4", "s5", "s6"], seq: "4" },
    { type: "play", cards: ["s5", "s6", "X1"], seq: "5" },
    { type: "play", cards: ["s4", "s5", "s6", "X1"], seq: "3" }, { type: "play", cards: ["s4", "s5", "s6", "X1"], seq: "4" },
  ],
});
// Following a pair of 5s with both jokers: the engine lists the lowest joker only.
const FOLLOW_HAND = ["d7", "c7", "s9", "hQ", "X1", "X2"];
const FOLLOW = daifugoView({
  hand: FOLLOW_HAND, current: 1, seat: 1,
  field: { by: 0, cards: ["s5", "h5"], kind: "set", size: 2, rank: "5", low: null, high: null, suit: null },
  trick: [{ seat: 0, cards: ["s5", "h5"] }],
  legal: [
    { type: "pass" }, { type: "play", cards: ["d7", "c7"] }, { type: "play", cards: ["s9", "X1"] },
    { type: "play", cards: ["hQ", "X1"] }, { type: "play", cards: ["X1", "X2"] },
  ],
});
const at = (hand: string[], ...codes: string[]) => codes.map((code) => hand.indexOf(code));
const codesOf = (hand: string[], indices: Iterable<number>) => [...indices].map((i) => hand[i]).sort();

describe("the selection is matched against the legal moves", () => {
  it("raises, with nothing picked, every card of some legal play", () => {
    expect(codesOf(FOLLOW_HAND, tappable(FOLLOW, FOLLOW_HAND, []))).toEqual([...FOLLOW_HAND].sort());
    const noJoker = daifugoView({ ...FOLLOW, legal: [{ type: "pass" }, { type: "play", cards: ["d7", "c7"] }] });
    expect(codesOf(FOLLOW_HAND, tappable(noJoker, FOLLOW_HAND, []))).toEqual(["c7", "d7"]);
  });

  it("raises after a pick only the cards that still make a legal play with it", () => {
    expect(codesOf(FOLLOW_HAND, tappable(FOLLOW, FOLLOW_HAND, at(FOLLOW_HAND, "d7")))).toEqual(["c7", "d7"]);
    expect(codesOf(LEAD_HAND, tappable(LEAD, LEAD_HAND, at(LEAD_HAND, "s5")))).toEqual(["X1", "h5", "s4", "s5", "s6"]);
    expect(codesOf(LEAD_HAND, tappable(LEAD, LEAD_HAND, at(LEAD_HAND, "s5", "h5")))).toEqual(["X1", "h5", "s5"]);
  });

  it("takes either joker where the engine listed the lowest one", () => {
    const picked = at(FOLLOW_HAND, "s9", "X2");
    expect(toggle(FOLLOW, FOLLOW_HAND, at(FOLLOW_HAND, "s9"), FOLLOW_HAND.indexOf("X2"))).toEqual(picked);
    expect(readings(FOLLOW, ["s9", "X2"])).toEqual([{ type: "play", cards: ["s9", "X2"] }]);
    expect(readings(FOLLOW, ["X2", "X1"])).toEqual([{ type: "play", cards: ["X2", "X1"] }]);
  });

  it("refuses a tap on a card that joins no legal play, and drops picks that no longer fit", () => {
    expect(toggle(FOLLOW, FOLLOW_HAND, at(FOLLOW_HAND, "d7"), FOLLOW_HAND.indexOf("s9"))).toBeNull();
    // s4 then s6: only the sequences hold both; taking s4 back leaves s6 alone, a legal single.
    expect(toggle(LEAD, LEAD_HAND, at(LEAD_HAND, "s4", "s6"), LEAD_HAND.indexOf("s4"))).toEqual(at(LEAD_HAND, "s6"));
    // h5 then s6 fit no move without s5 picked first: taking s5 back drops them.
    expect(settle(LEAD, LEAD_HAND, at(LEAD_HAND, "d9", "X1", "s5"))).toEqual(at(LEAD_HAND, "d9", "X1"));
    expect(settle(daifugoView({ ...FOLLOW, legal: [] }), FOLLOW_HAND, at(FOLLOW_HAND, "d7"))).toEqual([]);
  });

  it("reads a selection as every legal move it makes, and asks only between those", () => {
    expect(readings(LEAD, ["s5"])).toEqual([{ type: "play", cards: ["s5"] }]);
    expect(readings(LEAD, ["s5", "s6"])).toEqual([]);
    expect(readings(LEAD, ["s4", "s5", "s6", "X1"])).toEqual([
      { type: "play", cards: ["s4", "s5", "s6", "X1"], seq: "3" },
      { type: "play", cards: ["s4", "s5", "s6", "X1"], seq: "4" },
    ]);
    // The same cards picked in another order keep the picked order (the engine takes any order).
    expect(readings(LEAD, ["X1", "s5", "s4"])).toEqual([{ type: "play", cards: ["X1", "s5", "s4"], seq: "3" }]);
  });

  it("counts the cards a selection still needs", () => {
    expect(moreNeeded(LEAD, ["s5", "s6"])).toBe(1);
    expect(moreNeeded(LEAD, ["s5", "h5"])).toBe(0);
    expect(moreNeeded(FOLLOW, ["s9", "d7"])).toBeNull();
  });

  it("picks cards to give in the exchange from the legal gives (every pair of the hand)", () => {
    const hand = ["c3", "s5", "h5"];
    const give = daifugoView({
      phase: "exchange", hand, exchange: { pending: [0], give: 2, given: [], received: ["h5"] },
      players: players(["daifugo", "heimin", "daihinmin"]),
      legal: [{ type: "give", cards: ["c3", "s5"] }, { type: "give", cards: ["c3", "h5"] }, { type: "give", cards: ["s5", "h5"] }],
    });
    expect(tappable(give, hand, []).size).toBe(3);
    expect(codesOf(hand, tappable(give, hand, at(hand, "c3", "s5")))).toEqual(["c3", "s5"]);
    expect(readings(give, ["s5", "c3"])).toEqual([{ type: "give", cards: ["s5", "c3"] }]);
    expect(turnHint(give, [])).toBe("大貧民に渡す札を 2 枚選んでください");
  });
});

describe("titles on the table", () => {
  it("shows the titles of this round while it is played, and those the last round earned once the game is over", () => {
    const playing = daifugoView({ players: players(["daifugo", "heimin", "daihinmin"]),
      last_round: { places: [2, 1, 0], titles: ["daihinmin", "heimin", "daifugo"], points: [1, 2, 3] } });
    expect([0, 1, 2].map((seat) => shownTitle(playing, seat))).toEqual(["daifugo", "heimin", "daihinmin"]);
    const over = daifugoView({ ...playing, phase: "over" });
    expect([0, 1, 2].map((seat) => shownTitle(over, seat))).toEqual(["daihinmin", "heimin", "daifugo"]);
  });
});

describe("names and hints", () => {
  it("names plays as a player would", () => {
    expect(playName(["s5"])).toBe("♠5");
    expect(playName(["s5", "h5", "X1"])).toBe("5 を 3 枚");
    expect(playName(["X1", "X2"])).toBe("ジョーカー を 2 枚");
    expect(playName(["s4", "s5", "s6", "X1"], "3")).toBe("階段 ♠3〜6");
    expect(playName(["sQ", "X1", "sA"], "Q")).toBe("階段 ♠Q〜A");
    expect(fieldName({ by: 0, cards: ["hT", "hJ", "X1"], kind: "seq", size: 3, rank: null, low: "T", high: "Q", suit: "h" }))
      .toBe("階段 ♥10〜Q");
    setLanguage("en");
    expect(playName(["s5", "h5"])).toBe("5 ×2");
    expect(playName(["hT", "hJ", "hQ"], "T")).toBe("run ♥10–Q");
  });

  it("names cards for screen readers and the log", () => {
    expect([cardShort("hT"), cardShort("X2"), cardName("dA")]).toEqual(["♥10", "ジョーカー", "ダイヤのA"]);
    setLanguage("ko");
    expect(cardName("c2")).toBe("클로버 2");
    expect(["X1", "s2", "c3", "s3", "hT"].sort((a, b) => canonicalKey(a) - canonicalKey(b))).toEqual(["s3", "c3", "hT", "s2", "X1"]);
  });

  it("tells the player in turn what they can do", () => {
    expect(turnHint(LEAD, [])).toBe("あなたが親です。好きな札を出せます");
    expect(turnHint(FOLLOW, [])).toBe("♠5 ♥5 より強い 2 枚を出すか、パス");
    expect(turnHint(daifugoView({ ...FOLLOW, lock: ["s", "h"] }), [])).toBe("♠5 ♥5 より強い 2 枚を出すか、パス（縛り：♠♥ のみ）");
    expect(turnHint(daifugoView({ ...FOLLOW, legal: [{ type: "pass" }] }), [])).toBe("出せる札がありません。パスしてください");
    expect(turnHint(LEAD, ["s5", "s6"])).toBe("あと 1 枚選ぶと出せます");
    expect(turnHint(LEAD, ["s4", "s5", "s6", "X1"])).toBe("この札は出し方が選べます");
    expect(turnHint(LEAD, ["s5", "h5"])).toBe("出せます");
    setLanguage("en");
    expect(turnHint(LEAD, ["s5", "h5"])).toBe("Ready: play them");
    expect(turnHint(LEAD, ["s5"])).toBe("Ready: play it");
  });

  it("knows titles, exchange partners and the order of the other seats", () => {
    expect(titlesFor(3)).toEqual(["daifugo", "heimin", "daihinmin"]);
    expect(titlesFor(4)).toEqual(["daifugo", "fugo", "hinmin", "daihinmin"]);
    expect(titlesFor(6)).toEqual(["daifugo", "fugo", "heimin", "heimin", "hinmin", "daihinmin"]);
    const view = daifugoView({ seat: 2, players: players(["hinmin", "daifugo", "fugo", "daihinmin"]) });
    expect([partnerOf(view, 2), partnerOf(view, 1), partnerOf(view, 3)]).toEqual([0, 3, 1]);
    expect(othersFrom(view.players.length, view.seat)).toEqual([3, 0, 1]);
    expect(partnerOf(daifugoView({ seat: 1, players: players(["daifugo", "heimin", "daihinmin"]) }), 1)).toBeNull();
  });
});

function players(titles: (DaifugoView["players"][number]["title"])[]): DaifugoView["players"] {
  return titles.map((title, seat) => ({ seat, cards: 5, title, passed: false, out: null, place: null, score: 0 }));
}

describe("the card counter", () => {
  it("counts each rank's unseen cards, neither in the hand nor played this round, strongest first with the jokers", () => {
    const view = daifugoView({ options: { jokers: 2 }, hand: ["s2", "h2", "sA", "X1"], played: ["d2", "c3", "s3", "h3", "d3"] });
    const left = cardsLeft(view);
    expect(left.map((r) => r.rank).join("")).toBe("X2AKQJT9876543");
    expect(Object.fromEntries(left.map((r) => [r.rank, r.left]))).toMatchObject({ X: 1, "2": 1, A: 3, K: 4, "3": 0 });
  });

  it("follows the order in force, and leaves the jokers out of a game without them", () => {
    const left = cardsLeft(daifugoView({ options: { jokers: 0 }, reversed: true }));
    expect(left.map((r) => r.rank).join("")).toBe("3456789TJQKA2");
    expect(left.every((r) => r.left === 4)).toBe(true);
  });

  it("counts the played cards alone for a spectator, who holds no hand", () => {
    const left = cardsLeft(daifugoView({ seat: null, hand: undefined, options: { jokers: 1 }, played: ["X2", "s4"] }));
    expect(left[0]).toEqual({ rank: "X", left: 0 });
    expect(left.find((r) => r.rank === "4")?.left).toBe(3);
  });
});
