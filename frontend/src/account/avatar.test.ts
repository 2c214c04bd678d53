import { describe, expect, it } from "vitest";
import { COLORS, faceColor, faceText, initialOf, PICTURES, randomAvatar, storedAvatar } from "./avatar";

describe("faces", () => {
  it("shows a picture, or the name's first letter", () => {
    expect(faceText({ picture: "fox", color: "teal" }, "たろう")).toBe("🦊");
    expect(faceText({ picture: "robot", color: "red" }, "CPU 1")).toBe("🤖");
    expect(faceText({ picture: "initial", color: "red" }, "  ゆうき")).toBe("ゆ");
    expect(faceText(undefined, "ann")).toBe("A");
    expect(faceText({ picture: "dragon", color: "red" }, "김민지")).toBe("김"); // a picture this client does not know
    expect(initialOf("👩‍👩‍👧 family")).toBe("👩‍👩‍👧"); // a whole grapheme
  });

  it("knows only the server's colours", () => {
    expect(faceColor({ picture: "cat", color: "pink" })).toBe("pink");
    expect(faceColor({ picture: "cat", color: "gold" })).toBe("none");
    expect(faceColor(undefined)).toBe("none");
  });

  it("keeps only a face the server takes", () => {
    expect(storedAvatar({ picture: "owl", color: "blue", extra: 1 })).toEqual({ picture: "owl", color: "blue" });
    expect(storedAvatar({ picture: "robot", color: "blue" })).toBeNull(); // a CPU's
    expect(storedAvatar({ picture: "owl" })).toBeNull();
    expect(storedAvatar("owl")).toBeNull();
  });

  it("starts a new player with an animal on a colour", () => {
    expect(randomAvatar(() => 0)).toEqual({ picture: PICTURES[1], color: COLORS[0] });
    expect(randomAvatar(() => 0.999)).toEqual({ picture: PICTURES[PICTURES.length - 1], color: COLORS[COLORS.length - 1] });
  });
});
