import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import type { RoomEvent, RoomFrame } from "../../net/protocol";
import { colorMatchView, member, roomFrame } from "../../testing/fixtures";
import { codeDigits } from "./forms";
import { describe as lines, entriesOf } from "./logEntries";
import { noticeText } from "./notice";
import { isAway, standinNote, standinWinners, turnClock, upkeepAnnouncements, winnerNames } from "./roomUpkeep";
import { isRoomCode, nameProblem, roomCodeOf, waitText } from "./upkeep";

beforeEach(() => setLanguage("ja"));

describe("room codes", () => {
  it("takes 4, 6 or 8 digits, full-width ones too, from the field and from a join link", () => {
    expect(["1234", "123456", "12345678"].map(isRoomCode)).toEqual([true, true, true]);
    expect(["123", "12345", "1234567", "123456789", "12a4", ""].map(isRoomCode)).toEqual([false, false, false, false, false, false]);
    expect(codeDigits("１２３ ４５６")).toBe("123456");
    expect(isRoomCode(codeDigits("１２３ ４５６"))).toBe(true);
    expect(roomCodeOf("４８２１")).toBe("4821");
    expect(roomCodeOf("48213377")).toBe("48213377");
    expect([roomCodeOf("48213"), roomCodeOf("4821abc"), roomCodeOf(""), roomCodeOf(null)]).toEqual([null, null, null, null]);
  });
});

describe("names", () => {
  it("takes what the server takes", () => {
    for (const name of ["ゆうき", "  たろう ", "Zoë", "🙂", "A.", "a".repeat(16), "Ngọc", "김 민수"]) expect(nameProblem(name), name).toBeNull();
  });

  it("refuses before sending what the server would refuse, saying why", () => {
    expect(nameProblem("   ")).toBe("empty");
    expect(nameProblem("a".repeat(17))).toBe("long");
    expect(nameProblem("🙂".repeat(16))).toBeNull(); // characters, not UTF-16 units, as the server counts
    expect(nameProblem("a\u200bb")).toBe("hidden"); // a format character
    expect(nameProblem("a\u0007")).toBe("hidden"); // a control character
    expect(nameProblem("a\u2028b")).toBe("hidden");
    for (const blank of ["\u3164", "\u2800\u2800", "\u115f\u1160", "\uffa0", "\u0301\u0301", " \u3000 \u3164"]) {
      expect(nameProblem(blank), JSON.stringify(blank)).toMatch(/invisible|empty/);
    }
    expect(nameProblem("a\u0301\u0301\u0301\u0301")).toBeNull();
    expect(nameProblem("a\u0301\u0301\u0301\u0301\u0301")).toBe("marks");
  });
});

describe("waiting", () => {
  it("says how long in the unit a person counts in, rounded up", () => {
    expect(waitText(0.2)).toBe("1 秒");
    expect(waitText(45)).toBe("45 秒");
    expect(waitText(61)).toBe("2 分");
    expect(waitText(600)).toBe("10 分");
    expect(waitText(6 * 3600)).toBe("6 時間");
    expect(waitText(5 * 3600 + 11 * 60 + 5)).toBe("5 時間 12 分");
    setLanguage("en");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(3600 + 120)).toBe("1 hour 2 minutes");
  });

  it("tells a refusal to wait with the time the server gave", () => {
    expect(noticeText({ code: "too_many_attempts", wait: 240 })).toBe("試す回数が多すぎます。あと 4 分たってからもう一度どうぞ。");
    expect(noticeText({ code: "too_many_attempts" })).toBe("試す回数が多すぎます。少し待ってください。");
    expect(noticeText({ code: "room_closed" })).toBe("そのルームは締め切られています（ホストが新しい人の参加を止めています）。");
    setLanguage("en");
    expect(noticeText({ code: "too_many_attempts", wait: 6 * 3600 })).toBe("Too many tries. Try again in 6 hours.");
  });
});

describe("the turn timer", () => {
  const timed = (seat: number, at: number): RoomFrame => {
    const frame = roomFrame({ settings: { mode: "host", cpu_level: "normal", turn_timer: 30, open: true, knock: false } }, { ...colorMatchView() });
    frame.game!.deadline = { kind: "turn", seat, at };
    return frame;
  };

  it("counts down the seat in turn from the server's clock, for yourself and for others", () => {
    expect(turnClock(timed(0, 1030), 1000, 0)).toEqual({ seat: 0, mine: true, left: 30, share: 1 });
    expect(turnClock(timed(0, 1030), 1010, 2.5)).toMatchObject({ left: 18, share: 0.5833333333333334 });
    expect(turnClock(timed(1, 1030), 1029.2, 0)).toMatchObject({ seat: 1, mine: false, left: 1 });
  });

  it("never shows 0: once out, the stand-in moves", () => {
    expect(turnClock(timed(0, 1030), 1030, 0)).toMatchObject({ left: null, share: 0 });
    expect(turnClock(timed(0, 1030), 1100, 0)).toMatchObject({ left: null, share: 0 });
  });

  it("is only the turn timer's", () => {
    const frame = timed(0, 1030);
    frame.game!.deadline = { kind: "standin", seat: 1, at: 1030 };
    expect(turnClock(frame, 1000, 0)).toBeNull();
    expect(turnClock(roomFrame(), 1000, 0)).toBeNull();
  });
});

describe("absent people and stand-ins' wins", () => {
  it("knows when the stand-in plays for you", () => {
    expect(isAway(roomFrame())).toBe(false);
    expect(isAway(roomFrame({ members: [member("m1", "ゆうき", { away: true }), member("m2", "はなこ")] }))).toBe(true);
  });

  it("names the stand-in's wins as the stand-in's, on the results and in the history", () => {
    const frame = roomFrame({ phase: "finished", history: [{ number: 1, game: "color-match", winners: [], standin_winners: ["m2"], cards_played: 30 }] },
      { ...colorMatchView() });
    expect(standinWinners(frame)).toEqual(["はなこ"]);
    expect(standinNote(frame)).toBe("はなこの勝ちは CPU の代打ちの勝ちです（誰の勝ちにも数えません）。");
    expect(winnerNames(frame, { ...frame.history[0], winners: ["m1"] })).toEqual(["ゆうき", "はなこ（CPU の代打ち）"]);
    // A seat the stand-in played to the end without winning: its result is the stand-in's.
    const lost = roomFrame({ phase: "finished", history: [{ number: 1, game: "color-match", winners: ["m1"], standin_winners: [], cards_played: 30 }] },
      { ...colorMatchView() });
    expect(standinNote(lost)).toBeNull();
    lost.game!.seats[1].standin = true;
    expect(standinNote(lost)).toBe("はなこの席は最後まで CPU が代打ちしました（結果は CPU の代打ちのものです）。");
    // Someone who has left is named by the seat they were dealt.
    frame.members = frame.members.filter((m) => m.member !== "m2");
    expect(standinWinners(frame)).toEqual(["はなこ"]);
  });

  it("names a winner who is gone from the room by the name the history kept", () => {
    // A CPU won game 1, then the host removed it in the lobby: no member, no seat of it left.
    const frame = roomFrame({ phase: "lobby", game: null, history: [{ number: 1, game: "color-match", winners: ["c1"], standin_winners: [], names: { c1: "CPU 1" }, cards_played: 30 }] });
    expect(winnerNames(frame, frame.history[0])).toEqual(["CPU 1"]);
    expect(winnerNames(frame, { ...frame.history[0], names: undefined })).toEqual(["?"]);
  });
});

describe("the log and the table's announcements", () => {
  const before = roomFrame({ members: [member("m1", "ゆうき", { host: true }), member("m2", "はなこ"), member("m3", "じろう")] });
  const told = (events: RoomEvent[], fields: Partial<RoomFrame> = {}, view: Record<string, unknown> | null = null) =>
    entriesOf(roomFrame({ events, ...fields }, view), [], before).flatMap(lines);

  it("tells removals, absences and returns, naming someone who is gone by the frame before", () => {
    expect(told([{ code: "member_removed", member: "m3" }])).toEqual(["じろうがルームから外されました"]);
    expect(told([{ code: "member_away", member: "m2" }, { code: "member_back", member: "m2" }]))
      .toEqual(["はなこは離席中。CPU が代わりに打ちます", "はなこが戻りました"]);
    expect(told([{ code: "member_left", member: "m3" }])).toEqual(["じろうが出ました"]);
  });

  it("says what a settings change changed", () => {
    const change = (fields: Record<string, unknown>): RoomEvent =>
      ({ code: "settings_changed", mode: "host", cpu_level: "normal", turn_timer: 0, open: true, ...fields });
    expect(told([change({ turn_timer: 30 })])).toEqual(["持ち時間: 30 秒"]);
    expect(told([change({ open: false })])).toEqual(["ルームを締め切りました（新しい人は入れません）"]);
    expect(told([change({ mode: "vote", cpu_level: "hard" })])).toEqual(["決め方: みんなで投票", "CPU の強さ: CPU・つよい"]);
    expect(entriesOf(roomFrame({ events: [change({ turn_timer: 15 })] })).flatMap(lines)).toEqual(["ルームの設定が変わりました"]);
    setLanguage("en");
    expect(told([change({ turn_timer: 60 })])).toEqual(["Time per turn: 60 s"]);
  });

  it("tells a turn the timer ran out on before the stand-in's move, and a stand-in's win", () => {
    const moved: RoomEvent = { code: "moved", member: "m2", seat: 1, by: "timeout", move: { type: "play", cards: ["r7"] } };
    expect(told([moved], {}, { ...colorMatchView() }))
      .toEqual(["はなこの持ち時間が切れ、CPU が代わりに打ちました", "はなこが 赤の7 を出しました"]);
    expect(told([{ code: "game_over", winners: [], standin_winners: ["m2"], result: {} }], {}, { ...colorMatchView() }))
      .toEqual(["はなこ（CPU の代打ち）の勝ち！"]);
  });

  it("announces over the table a turn that timed out and a player gone away", () => {
    const frame = roomFrame({ events: [
      { code: "moved", member: "m2", seat: 1, by: "timeout", move: { type: "draw" } },
      { code: "moved", member: "m1", seat: 0, by: "player", move: { type: "draw" } },
      { code: "member_away", member: "m2" },
    ] }, { ...colorMatchView() });
    expect(upkeepAnnouncements(frame)).toEqual([{ text: "時間切れ: はなこの代わりに CPU が打ちました" }, { text: "はなこは離席中。CPU が代わりに打ちます" }]);
  });
});
