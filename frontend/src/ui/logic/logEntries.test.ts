import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import type { RoomEvent } from "../../net/protocol";
import { colorMatchView, roomFrame } from "../../testing/fixtures";
import { describe as lines, describedIn, entriesOf, type LogEntry } from "./logEntries";

beforeEach(() => setLanguage("ja"));

/** The log lines of one frame of a running game (`gameId`) whose events are `events`. */
function told(events: RoomEvent[], gameId = "color-match", view: Record<string, unknown> = { ...colorMatchView() }): string[] {
  return entriesOf(roomFrame({ events }, view, gameId)).flatMap(lines);
}

const moved = (seat: number, move: Record<string, unknown>, by = "player"): RoomEvent =>
  ({ code: "moved", member: seat ? "m2" : "m1", seat, by, move });
const engine = (...events: Record<string, unknown>[]): RoomEvent => ({ code: "engine", events });

describe("Color Match's log sentences", () => {
  it("tells a play, and a Wild with the colour it named", () => {
    expect(told([moved(0, { type: "play", cards: ["r7"] })])).toEqual(["ゆうきが 赤の7 を出しました"]);
    expect(told([moved(1, { type: "play", cards: ["W4"], color: "g" })])).toEqual(["はなこが ワイルドドロー4 を出しました（色は緑）"]);
  });

  it("tells a draw from the engine's `drew`, and a draw with both piles empty as a pass", () => {
    expect(told([moved(0, { type: "draw" }), engine({ type: "drew", seat: 0, count: 1, reason: "draw" })]))
      .toEqual(["ゆうきが山から引きました"]);
    expect(told([moved(0, { type: "draw" }), engine({ type: "drew", seat: 0, count: 0, reason: "draw" })]))
      .toEqual(["ゆうきは引ける札がなくパスしました"]);
  });

  it("tells a penalty, but not a penalty of no cards", () => {
    expect(told([engine({ type: "drew", seat: 1, count: 2, reason: "penalty" }, { type: "skipped", seat: 1 })]))
      .toEqual(["はなこが 2 枚引いて番を飛ばされました", "はなこの番は飛ばされました"]);
    expect(told([engine({ type: "drew", seat: 1, count: 0, reason: "penalty", forgiven: 2 })])).toEqual([]);
  });

  it("tells a challenge's result and a call-out", () => {
    expect(told([engine({ type: "challenge", seat: 1, target: 0, guilty: true })]))
      .toEqual(["はなこのチャレンジ成功: ゆうきは色を持っていました"]);
    expect(told([moved(1, { type: "callout", target: 0 }), engine({ type: "drew", seat: 0, count: 2, reason: "missed_call" })]))
      .toEqual(["はなこがゆうきを指摘しました", "ゆうきは宣言を忘れて 2 枚引きました"]);
  });

  it("marks a move the server made itself", () => {
    expect(told([moved(0, { type: "play", cards: ["r7"] }, "forced")])).toEqual(["ゆうきが 赤の7 を出しました（自動）"]);
  });

  it("fills in, after a reload, what the view's `recent` remembers", () => {
    const recent = [
      { type: "play", seat: 1, cards: ["r2"], color: "r" },
      { type: "drew", seat: 0, count: 1, reason: "draw" },
      { type: "keep", seat: 0 },
    ];
    const view = { ...colorMatchView(), recent };
    expect(told([], "color-match", view)).toEqual(["はなこが 赤の2 を出しました", "ゆうきが山から引きました", "ゆうきは引いた札を持っておきました"]);
  });

  it("puts Korean particles after the names", () => {
    setLanguage("ko");
    expect(told([moved(1, { type: "play", cards: ["r7"] })])).toEqual(["はなこ가 빨강 7을 냈습니다"]);
  });
});

describe("Color Rows's log sentences", () => {
  const view = { seat: 0, legal: [], players: [], rows: [] };
  it("tells a take from the move, and what was turned up and placed from the engine", () => {
    expect(told([moved(0, { type: "take", row: 1 })], "color-rows", view)).toEqual(["ゆうきが列 2 を取りました"]);
    expect(told([moved(1, { type: "draw" }), engine({ type: "drew", seat: 1, card: "pink" })], "color-rows", view))
      .toEqual(["はなこが桃をめくりました"]);
    expect(told([moved(1, { type: "place", row: 0 }), engine({ type: "placed", seat: 1, card: "joker", row: 0 })], "color-rows", view))
      .toEqual(["はなこがジョーカーを列 1 に置きました"]);
  });
});

describe("the room's own events", () => {
  it("are told in the reader's language, whatever the game", () => {
    const events = [{ code: "member_joined", member: "m2", name: "はなこ" }, { code: "game_started", game: "color-rows", number: 2 }];
    expect(entriesOf(roomFrame({ events })).flatMap(lines)).toEqual(["はなこが入りました", "カラーロウの2ゲーム目が始まりました"]);
    setLanguage("en");
    expect(entriesOf(roomFrame({ events })).flatMap((entry: LogEntry) => lines(entry)))
      .toEqual(["はなこ joined", "Game 2 of Color Rows started"]);
  });

  it("name an unknown game by its id and tell its moves plainly", () => {
    const events = [{ code: "game_selected", member: "m1", game: "hanafuda" }, moved(0, { type: "pass" })];
    expect(told(events, "hanafuda", { seat: 0, legal: [] })).toEqual(["ゆうきがhanafudaを選びました", "ゆうきが動きました"]);
  });

  it("are told once per entry and language: a frame that adds an entry does not tell the others again", () => {
    const [entry] = entriesOf(roomFrame({ events: [{ code: "member_joined", member: "m2", name: "はなこ" }] }));
    const once = describedIn(entry, "ja");
    expect(once).toEqual(["はなこが入りました"]);
    expect(describedIn(entry, "ja")).toBe(once);
    setLanguage("en");
    expect(describedIn(entry, "en")).toEqual(["はなこ joined"]);
  });
});
