import { describe, expect, it } from "vitest";
import type { SignedInFrame, WelcomeFrame } from "../net/protocol";
import { helloFrame, signedInIdentity, storedIdentity, welcomedIdentity } from "./identity";

const ACCOUNT = "a_" + "0123456789abcdef".repeat(2);
const SECRET = "s".repeat(43);
const guest = { playerId: "p_aaaaaaaaaaaaaaaa", secret: SECRET };
const signedIn = { ...guest, account: ACCOUNT };

const welcome = (fields: Partial<WelcomeFrame> = {}): WelcomeFrame =>
  ({ type: "welcome", player_id: guest.playerId, name: "ゆうき", room: null, ...fields });
const signedInFrame = (fields: Partial<SignedInFrame> = {}): SignedInFrame =>
  ({ type: "signed_in", player_id: guest.playerId, account: ACCOUNT, name: "ゆうき", new: true, ...fields });

describe("the identity kept in storage", () => {
  it("keeps a guest's identity and a signed-in device's account", () => {
    expect(storedIdentity(guest)).toEqual(guest);
    expect(storedIdentity(signedIn)).toEqual(signedIn);
  });

  it("is none when malformed, and a guest's when only the account is malformed", () => {
    for (const value of [null, "x", 7, {}, { playerId: "p_x" }, { playerId: 1, secret: SECRET }]) {
      expect(storedIdentity(value)).toBeNull();
    }
    for (const account of ["a_xyz", 42, null, ACCOUNT.toUpperCase()]) {
      expect(storedIdentity({ ...guest, account })).toEqual(guest);
    }
  });
});

describe("hello", () => {
  it("introduces a new guest by name, and says nothing without one", () => {
    expect(helloFrame(null, "ゆうき", "4821")).toEqual({ action: "hello", name: "ゆうき" });
    expect(helloFrame(null, "", null)).toBeNull();
  });

  it("brings a guest back with the name and the room", () => {
    expect(helloFrame(guest, "ゆうき", "4821"))
      .toEqual({ action: "hello", player_id: guest.playerId, secret: SECRET, name: "ゆうき", room: "4821" });
    expect(helloFrame(guest, "", null)).toEqual({ action: "hello", player_id: guest.playerId, secret: SECRET });
  });

  it("always names a signed-in device's account (with the name it goes by if the account forgot the device)", () => {
    expect(helloFrame(signedIn, "ゆうき", "4821")).toEqual(
      { action: "hello", player_id: guest.playerId, secret: SECRET, name: "ゆうき", account: ACCOUNT, room: "4821" });
  });
});

describe("welcome", () => {
  it("gives a new guest the identity the server made", () => {
    expect(welcomedIdentity(null, welcome({ player_id: "p_bbbbbbbbbbbbbbbb", secret: "t".repeat(43) })))
      .toEqual({ playerId: "p_bbbbbbbbbbbbbbbb", secret: "t".repeat(43) });
  });

  it("keeps the secret of a returning device (the server never sends it again)", () => {
    expect(welcomedIdentity(guest, welcome())).toEqual(guest);
  });

  it("keeps a device signed in while the welcome names its account", () => {
    expect(welcomedIdentity(signedIn, welcome({ account: ACCOUNT }))).toEqual(signedIn);
  });

  it("drops the account the welcome does not name (signed out elsewhere, or deleted): a guest, same player", () => {
    expect(welcomedIdentity(signedIn, welcome())).toEqual(guest);
  });

  it("cannot welcome back an identity this device never had", () => {
    expect(() => welcomedIdentity(null, welcome())).toThrow();
  });
});

describe("signed in", () => {
  it("upgrades the guest: same player, same secret, and the account", () => {
    expect(signedInIdentity(guest, signedInFrame())).toEqual(signedIn);
  });

  it("makes a second device the account's player, keeping the device's own secret", () => {
    expect(signedInIdentity(guest, signedInFrame({ player_id: "p_cccccccccccccccc", new: false })))
      .toEqual({ playerId: "p_cccccccccccccccc", secret: SECRET, account: ACCOUNT });
  });
});
