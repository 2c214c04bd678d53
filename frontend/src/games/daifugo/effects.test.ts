import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import { daifugoView, member, roomFrame } from "../../testing/fixtures";
import { effects } from "./effects";

beforeEach(() => setLanguage("ja"));

/** A 大富豪 frame of three players (ゆうき, はなこ, けん) in `phase` whose engine events are `events`. */
function frame(events: Record<string, unknown>[], phase: "playing" | "finished" = "playing") {
  const base = roomFrame({ phase, events: [{ code: "engine", events }] }, { ...daifugoView() }, "daifugo");
  return {
    ...base,
    members: [...base.members, member("m3", "けん", { seat: 2 })],
    game: { ...base.game!, seats: [...base.game!.seats, { seat: 2, member: "m3", name: "けん" }] },
  };
}
const texts = (changed: ReturnType<typeof frame>) => effects(changed).effects.map((e) => ("text" in e ? e.text : e.kind));

describe("大富豪's motion", () => {
  it("announces what turns the game over the field: 8切り, 革命, 11バック, 縛り", () => {
    expect(texts(frame([{ type: "eight_cut" }, { type: "revolution", on: true }, { type: "eleven_back", on: true },
      { type: "lock", suits: ["s"] }]))).toEqual(["8切り！", "革命！", "11バック！", "縛り ♠"]);
  });

  it("announces a round's end with the titles its places earned; the game's end is the results'", () => {
    const ended = { type: "round_end", round: 1, places: [1, 2, 0] };
    expect(texts(frame([ended]))).toEqual(["第 1 ゲーム終了", "大富豪ははなこ", "平民はけん", "大貧民はゆうき"]);
    expect(texts(frame([{ ...ended, round: 4 }], "finished"))).toEqual([]);
  });
});
