/**
 * Render only what changed (issue 33): across a room frame that changes one part of a Color Rows or 大富豪 table,
 * the props of every other part stay equal, so `memo` (ui/logic/memo.ts) skips redrawing them.
 */
import { describe, expect, it } from "vitest";
import type { RoomFrame } from "../net/protocol";
import { daifugoView, member, roomFrame } from "../testing/fixtures";
import { sameProps } from "../ui/logic/memo";
import { playerChips, rowsOf } from "./color-rows/Table";
import type { ColorRowsView } from "./color-rows/view";
import { seatsOf } from "./daifugo/Table";

const act = () => undefined;
/** Which of two frames' parts would be drawn again. */
const redrawn = <P extends object>(before: P[], after: P[]): boolean[] =>
  after.map((props, i) => !sameProps(before[i] as Record<string, unknown>, props as Record<string, unknown>));

function colorRows(fields: Partial<ColorRowsView>): RoomFrame {
  const view: ColorRowsView = {
    seat: 0, options: {}, colors: [], table: [], supply: 60, last_round: false, drawn: null, current: 1, round: 1,
    rows: [0, 1, 2].map(() => ({ cards: [], capacity: 3, taken_by: null })),
    players: [0, 1].map((seat) => ({ seat, cards: {}, out: false, score: 0 })),
    legal: [], result: null, ...fields,
  };
  return roomFrame({}, view as unknown as Record<string, unknown>, "color-rows");
}

describe("a Color Rows frame redraws only what changed", () => {
  it("a card placed on a row redraws that row alone, and neither player's chip", () => {
    const before = colorRows({ drawn: "blue" });
    const after = colorRows({
      drawn: null,
      rows: [{ cards: [], capacity: 3, taken_by: null }, { cards: ["blue"], capacity: 3, taken_by: null }, { cards: [], capacity: 3, taken_by: null }],
    });
    expect(redrawn(rowsOf(before, true, act), rowsOf(after, true, act))).toEqual([false, true, false]);
    expect(redrawn(playerChips(before), playerChips(after))).toEqual([false, false]);
  });

  it("a row taken redraws that row and the taker's chip (their score); the turn passing redraws both chips", () => {
    const before = colorRows({ rows: [0, 1, 2].map(() => ({ cards: ["red"], capacity: 3, taken_by: null })) });
    const taken = colorRows({
      rows: [0, 1, 2].map((row) => ({ cards: ["red"], capacity: 3, taken_by: row === 2 ? 1 : null })),
      players: [{ seat: 0, cards: {}, out: false, score: 0 }, { seat: 1, cards: { red: 1 }, out: true, score: 1 }],
    });
    expect(redrawn(rowsOf(before, true, act), rowsOf(taken, true, act))).toEqual([false, false, true]);
    expect(redrawn(playerChips(before), playerChips(taken))).toEqual([false, true]);
    const turnPassed = colorRows({ ...taken.game!.view as unknown as ColorRowsView, current: 0 });
    expect(redrawn(playerChips(taken), playerChips(turnPassed))).toEqual([true, true]);
  });
});

describe("a 大富豪 frame redraws only what changed", () => {
  const members = ["ゆうき", "はなこ", "たろう", "じろう"].map((name, seat) => member(`m${seat + 1}`, name, { seat }));
  /** A frame of a four-player game (seat 0 is this phone). */
  const daifugo = (fields: Parameters<typeof daifugoView>[0]) =>
    roomFrame({ members }, daifugoView({ players: players([6, 6, 6, 6]), ...fields }) as unknown as Record<string, unknown>, "daifugo");
  const players = (cards: number[]) =>
    cards.map((n, seat) => ({ seat, cards: n, title: null, passed: false, out: null, place: null, score: 0 }));

  it("a play by the seat in turn redraws that seat and the next one, not the third", () => {
    const before = daifugo({ current: 1 });
    const after = daifugo({ current: 2, players: players([6, 5, 6, 6]) });
    expect(seatsOf(before).map((seat) => seat.seat)).toEqual([1, 2, 3]);
    expect(redrawn(seatsOf(before), seatsOf(after))).toEqual([true, true, false]);
  });

  it("a frame that changes only this phone's hand redraws no other seat", () => {
    const before = daifugo({ hand: ["S3", "H4"] });
    const after = daifugo({ hand: ["S3"] });
    expect(redrawn(seatsOf(before), seatsOf(after))).toEqual([false, false, false]);
  });
});
