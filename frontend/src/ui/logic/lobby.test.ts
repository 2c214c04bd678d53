import { beforeEach, describe, expect, it } from "vitest";
import { colorMatch } from "../../games/color-match";
import { setLanguage } from "../../i18n";
import { LOBBY_GAMES, member, roomFrame } from "../../testing/fixtures";
import { codeDigits } from "./forms";
import { presetOf, startPlan } from "./lobby";
import { noticeText } from "./notice";
import { secondsLeft } from "./useCountdown";

beforeEach(() => setLanguage("ja"));

const vote = (votes: Record<string, string[]>, hostVote = false) => roomFrame({
  settings: { mode: "vote", cpu_level: "normal", turn_timer: 0, open: true, knock: false },
  members: [member("m1", "ゆうき", { host: true }), member("m2", "はなこ"), member("m3", "じろう"), member("m4", "さくら")],
  lobby: { selected: null, votes: hostVote ? { ...votes, "color-match": [...(votes["color-match"] ?? []), "m1"] } : votes, options: {}, games: LOBBY_GAMES },
});

describe("the lobby's start button", () => {
  it("says why it cannot start yet", () => {
    expect(startPlan(roomFrame())).toEqual({ why: "始めるゲームを選んでください。" });
    expect(startPlan(vote({}))).toEqual({ why: "まだ誰も投票していません。" });
    const crowded = roomFrame({ lobby: { selected: "color-rows", votes: {}, options: {}, games: LOBBY_GAMES.map((g) => ({ ...g, fits: g.id !== "color-rows" })) } });
    expect(startPlan(crowded)).toEqual({ why: "カラーロウは2〜5人で遊べます（いま2人）。" });
  });

  it("starts the host's pick, or the vote's winner", () => {
    expect(startPlan(roomFrame({ lobby: { selected: "color-match", votes: {}, options: {}, games: LOBBY_GAMES } }))).toEqual({ start: "color-match" });
    expect(startPlan(vote({ "color-rows": ["m2", "m3"], "color-match": ["m4"] }))).toEqual({ start: "color-rows" });
  });

  it("lets the host pick one of the games a vote tied on, unless the host's own vote settles it", () => {
    expect(startPlan(vote({ "color-rows": ["m2", "m3"], "color-match": ["m4", "m5"] }))).toEqual({ tied: ["color-rows", "color-match"] });
    expect(startPlan(vote({ "color-rows": ["m2", "m3"], "color-match": ["m4"] }, true))).toEqual({ start: "color-match" });
  });
});

describe("the options form", () => {
  it("shows the preset the options equal (from the server's presets), or none", () => {
    const game = LOBBY_GAMES[0];
    expect(presetOf(game, { ...game.presets!.house })).toBe("house");
    expect(presetOf(game, { ...game.presets!.basic, call: 5 })).toBeNull();
    expect(colorMatch.options.value("call", 5)).toBe("5 秒");
  });
});

describe("small things", () => {
  it("reads full-width digits in a room code", () => {
    expect(codeDigits("１２３４")).toBe("1234");
    expect(codeDigits("12ab3")).toBe("123");
    expect(codeDigits("123456")).toBe("123456");
    expect(codeDigits("１２３４５６７８９")).toBe("12345678");
  });

  it("counts down to a deadline from its true value, and never shows 0", () => {
    expect(secondsLeft(1030, 1000, 0)).toBe(30);
    expect(secondsLeft(1030, 1000, 2.5)).toBe(28);
    expect(secondsLeft(1030, 1029.5, 0)).toBe(1);
    expect(secondsLeft(1030, 1030, 0)).toBeNull();
    expect(secondsLeft(null, 1000, 0)).toBeNull();
  });

  it("tells a refused move with the game's reason", () => {
    expect(noticeText({ code: "illegal_move", reason: "card_does_not_match", game: "color-match" }))
      .toBe("いまはその手は出せません。（場の色にも数字にも合いません）");
    expect(noticeText({ code: "illegal_move", reason: "not_your_turn", game: "color-match" }))
      .toBe("いまはその手は出せません。（あなたの番ではありません）");
    expect(noticeText({ code: "room_full" })).toBe("そのルームは満員です。");
  });
});
