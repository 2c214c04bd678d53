import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import { colorMatchView, roomFrame } from "../../testing/fixtures";
import { effects } from "./effects";

beforeEach(() => setLanguage("ja"));

const frame = (view: Record<string, unknown>, events: Record<string, unknown>[] = []) =>
  roomFrame({ events: [{ code: "engine", events }] }, view);

describe("Color Match's motion", () => {
  it("flies a card played by another seat from that seat to the pile, with its sound", () => {
    const before = frame({ ...colorMatchView() });
    const after = frame({ ...colorMatchView() }, [{ type: "play", seat: 1, cards: ["r7"], color: "r" }]);
    expect(effects(after, before)).toEqual({ effects: [{ kind: "fly", from: { seat: 1 }, to: "pile", card: "r7" }], sounds: ["card"] });
  });

  it("flies the cards just drawn face up to this phone's hand", () => {
    const before = frame({ ...colorMatchView({ hand: ["r1"] }) });
    const after = frame({ ...colorMatchView({ hand: ["r1", "g2", "y3"] }) }, [{ type: "drew", seat: 0, count: 2, reason: "penalty" }]);
    const { effects: shown, sounds } = effects(after, before);
    expect(shown[0]).toEqual({ kind: "fly", from: "draw", to: "hand", card: "g2", count: 2 });
    expect(shown[1]).toEqual({ kind: "announce", text: "あなたが 2 枚引く", tone: "warn" });
    expect(sounds).toEqual(["penalty"]);
  });

  it("announces skips, reverses and a challenge's result with the colour it was about", () => {
    const before = frame({ ...colorMatchView({ color_before: "r" }) });
    const after = frame({ ...colorMatchView() }, [
      { type: "challenge", seat: 0, target: 1, guilty: true }, { type: "reverse", direction: -1 }, { type: "skipped", seat: 1 },
    ]);
    expect(effects(after, before).effects.map((e) => ("text" in e ? e.text : e.kind))).toEqual([
      "チャレンジ成功！はなこは赤を持っていました", "リバース！", "はなこはスキップ",
    ]);
  });

  it("says to you what changes your own turn, as a warning: skipped, made to draw, a +2/+4 waiting", () => {
    const before = frame({ ...colorMatchView({ current: 1 }) });
    const skipped = frame({ ...colorMatchView({ current: 1 }) }, [{ type: "skipped", seat: 0 }]);
    expect(effects(skipped, before).effects).toEqual([{ kind: "announce", text: "あなたの番はスキップ", tone: "warn" }]);
    const waiting = frame({ ...colorMatchView({ current: 0, pending: { draw: 4, by: 1 } }) }, [{ type: "play", seat: 1, cards: ["rD"] }]);
    const { effects: shown, sounds } = effects(waiting, before);
    expect(shown.at(-1)).toEqual({ kind: "announce", text: "あなたに +4！", tone: "warn" });
    expect(sounds).toContain("penalty");
    // Still waiting on you in the next frame (a stamp, someone reconnecting): said once.
    expect(effects(frame({ ...colorMatchView({ current: 0, pending: { draw: 4, by: 1 } }) }), waiting).effects).toEqual([]);
  });
});
