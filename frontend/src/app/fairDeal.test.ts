import { describe, expect, it } from "vitest";
import { webCrypto } from "../account/nonce";
import type { RoomFrame } from "../net/protocol";
import { committedText, dealVerified, firstCommitment } from "./fairDeal";

const subtle = webCrypto()!;
// functions/room/replay.py's doctest: commitment(5, "00" * 32)
const salt = "00".repeat(32);
const commitment = "8b4444a0de45f3b41e68e4cfcba7da3d31e739461e571df6305ccb9e2112232d";

describe("a deal anyone can verify", () => {
  it("hashes the exact text the server commits to", () => {
    expect(committedText("5", salt)).toBe(`deckroom-deal-v1:5:${salt}`);
  });

  it("is verified when the revealed seed and salt hash to the commitment", async () => {
    expect(await dealVerified(commitment, { commitment, seed: "5", salt }, subtle)).toBe(true);
  });

  it("is not verified when the seed, the salt or the commitment was tampered with", async () => {
    expect(await dealVerified(commitment, { commitment, seed: "6", salt }, subtle)).toBe(false);
    expect(await dealVerified(commitment, { commitment, seed: "5", salt: "01" + salt.slice(2) }, subtle)).toBe(false);
    // The final frame's commitment is not trusted: the one the game showed first is.
    const other = "f".repeat(64);
    expect(await dealVerified(other, { commitment, seed: "5", salt }, subtle)).toBe(false);
    expect(await dealVerified(commitment, { commitment, seed: "05", salt: salt.toUpperCase() }, subtle)).toBe(false);
    expect(await dealVerified(commitment, { commitment }, subtle)).toBe(false); // not revealed yet
  });

  it("keeps the commitment a game showed first", () => {
    const frame = (number: number, committed: string) =>
      ({ code: "4821", game: { number, deal: { commitment: committed } } }) as unknown as RoomFrame;
    expect(firstCommitment(frame(1, "a"))).toBe("a");
    expect(firstCommitment(frame(1, "b"))).toBe("a");
    expect(firstCommitment(frame(2, "b"))).toBe("b");
  });
});
