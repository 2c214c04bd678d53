/**
 * What a device keeps to be itself, and how each reply changes it (docs/protocol.md, "Identity and connection
 * flow" and "Accounts"): a guest's `player_id` and `secret`, and the `account` while it is signed in. Pure: the
 * controller (app/account.ts) stores what these return.
 */
import type { SignedInFrame, WelcomeFrame } from "../net/protocol";
import type { OwnAvatar } from "./avatar";

/** What this device keeps to be itself (stored by prefs.ts). */
export interface Identity {
  playerId: string;
  secret: string;
  /** The account this device is signed in to (docs/protocol.md, "Accounts"); absent for a guest. */
  account?: string;
}

const ACCOUNT_ID = /^a_[0-9a-f]{32}$/;

/** The identity kept in storage, checked: anything malformed is no identity, and a malformed `account` none. */
export function storedIdentity(value: unknown): Identity | null {
  if (typeof value !== "object" || value === null) return null;
  const { playerId, secret, account } = value as Record<string, unknown>;
  if (typeof playerId !== "string" || typeof secret !== "string") return null;
  return typeof account === "string" && ACCOUNT_ID.test(account) ? { playerId, secret, account } : { playerId, secret };
}

/**
 * The `hello` this device says: a returning one with its identity — its `account` too when signed in — and the
 * room to go back to; a new guest with just a name. Either says its face (`avatar`), as it says the name. Null:
 * nothing to say yet (a new visitor who has not chosen a name). A signed-in device's `name` is ignored (the name
 * is the account's, changed with `profile`) unless the account no longer has the device: then it is a guest
 * again, under this name; likewise its face once the account has one.
 */
export function helloFrame(identity: Identity | null, name: string, room: string | null,
  avatar?: OwnAvatar): Record<string, unknown> | null {
  const face = avatar ? { avatar } : {};
  if (!identity) return name ? { action: "hello", name, ...face } : null;
  return {
    action: "hello",
    player_id: identity.playerId,
    secret: identity.secret,
    ...(name ? { name } : {}),
    ...face,
    ...(identity.account ? { account: identity.account } : {}),
    ...(room ? { room } : {}),
  };
}

/**
 * The identity after `welcome`: a new guest's is the one the server just made; a returning device keeps its
 * secret (never sent again), and stays signed in only if the welcome names its account — without it the account
 * was deleted or forgot this device, which is a guest again under the same player.
 */
export function welcomedIdentity(known: Identity | null, frame: WelcomeFrame): Identity {
  if (frame.secret) return { playerId: frame.player_id, secret: frame.secret };
  if (!known) throw new Error("welcomed back without an identity to keep");
  const identity: Identity = { playerId: frame.player_id, secret: known.secret };
  return frame.account ? { ...identity, account: frame.account } : identity;
}

/** The identity after `signed_in`: the account's player (another one when the account was made elsewhere), the
 * same secret (this device), and the account. */
export function signedInIdentity(known: Identity, frame: SignedInFrame): Identity {
  return { playerId: frame.player_id, secret: known.secret, account: frame.account };
}
