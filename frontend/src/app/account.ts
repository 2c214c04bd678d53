/**
 * Who this device is (docs/protocol.md, "Identity and connection flow" and "Accounts"): the hello on every
 * connection, starting as a guest, the identity made for the start screen's sign-in button, signing in and out,
 * the profile, and what their frames change.
 */
import * as gis from "../account/gis";
import { storedAvatar, type Avatar, type OwnAvatar } from "../account/avatar";
import { helloFrame, signedInIdentity, welcomedIdentity, type Identity } from "../account/identity";
import { t } from "../i18n";
import type { ErrorFrame, ProfileFrame, SignedInFrame, WelcomeFrame } from "../net/protocol";
import * as prefs from "../prefs";
import { createStore } from "../store";
import { send } from "./connection";
import { linkedRoom, openReplay } from "./replay";
import { joinRoom, playSolo } from "./room";
import { app } from "./state";

/** What the profile screen shows: whether it is open, the latest `profile` frame, and how a session ended. */
export interface ProfileView {
  open: boolean;
  profile: ProfileFrame | null;
  /** The device signed out or deleted its account while the screen was open (it says so until closed). */
  ended: "signed_out" | "account_deleted" | null;
}

export const profileView = createStore<ProfileView>({ open: false, profile: null, ended: null });

/** What to do once welcomed (a new guest who pressed the solo start instead of the plain start). */
let afterWelcome: (() => void) | null = null;
/**
 * A sign-in needs an identity (the token carries a nonce made from its secret), and a new visitor on the start
 * screen has none: this one is made for the start screen's sign-in button, and kept in memory only until the
 * visitor either signs in with it or starts as a guest with it (then it is stored like any guest's).
 */
let provisional: Identity | null = null;
/** The request id of the hello that makes (or rebinds) `provisional`, while it is unanswered. */
let provisionalRid: string | null = null;
/** A token waiting for a hello's answer: the quiet one's (from the start screen, the identity first takes the name
 * typed there), or that of the visitor who started as a guest with it. */
let credentialWaiting: string | null = null;
/** The name a new account made from the start screen starts with (what is typed there, or a default). */
let startName = "";
/** Whether a sign-in button has been shown (only then is an identity made for one). */
let signInShown = false;

/** A new connection: the server knows nothing of it until hello. */
export function connected(): void {
  provisionalRid = null; // a hello on the closed socket is never answered
  sayHello();
}

function sayHello(): void {
  const { identity, name, joinCode } = app.get();
  // A visitor who starts as a guest keeps the identity made for the start screen's sign-in button (if any), so a
  // sign-in begun in the meantime asked for a token with the nonce this device goes on using.
  const known = identity ?? (name ? provisional : null);
  // A replay link names its room: a member of it is back in it (and sees the replay), anyone else joins nothing.
  const frame = helloFrame(known, name, identity ? (joinCode ?? linkedRoom() ?? prefs.loadRoom()) : null, app.get().avatar);
  if (frame) send(frame);
  else if (signInShown) helloForSignIn(); // a new visitor with a sign-in button on screen
}

// --- what the player does ---------------------------------------------------------------------------------------

/** "Start as a guest": remember the name and introduce ourselves (or rename, if already known). */
export function startAsGuest(name: string): void {
  const trimmed = name.trim();
  prefs.saveName(trimmed);
  app.set({ name: trimmed });
  // A hello made for signing in is on its way: two hellos at once could leave the server with the other one.
  if (!provisionalRid) sayHello();
}

/** The start screen's 「CPUと対戦」: start as a guest, then straight into a game against CPUs. */
export function startSolo(name: string): void {
  afterWelcome = () => void playSolo();
  startAsGuest(name);
}

/** The start screen's name field, for an account made from it. */
export function setStartName(name: string): void {
  startName = name;
}

/** A sign-in button is shown but there is no identity to make its nonce from (a new visitor): make one. */
export function helloForSignIn(): void {
  signInShown = true;
  const { identity, name, status } = app.get();
  // Not for a player who has an identity or is getting one (a name: a guest's hello), nor twice at once.
  if (identity || name || provisionalRid || status !== "open") return;
  provisionalRid = send(provisionalHello(), false);
}

/** The hello of `provisional` (a new one if there is none yet), under the start screen's name. */
function provisionalHello(): Record<string, unknown> {
  const name = startName.trim() || t("account.default_name");
  return helloFrame(provisional, name, null, app.get().avatar)!; // never null: there is a name
}

/** Google handed the page an ID token asked for with this device's nonce. */
export function signInWith(credential: string): void {
  if (app.get().identity) {
    send({ action: "sign_in", credential });
  } else if (provisional) {
    credentialWaiting = credential;
    // Started as a guest: that hello is on its way (or follows the quiet one's answer), and the sign-in follows
    // its welcome. From the start screen: the identity takes the name typed there first (a new account starts
    // with it).
    if (!app.get().name) provisionalRid = send(provisionalHello(), false);
  }
}

/** Sends the token that waited for a hello's answer, if one did. */
function signInWaiting(): boolean {
  if (!credentialWaiting) return false;
  send({ action: "sign_in", credential: credentialWaiting });
  credentialWaiting = null;
  return true;
}

export function openProfile(): void {
  profileView.set({ open: true, ended: null });
  send({ action: "profile" });
}

export function closeProfile(): void {
  profileView.set({ open: false, ended: null });
}

/** Game `number` of room `code`, from the profile's recent games: the profile gives way to its replay (Back from
 * the replay goes where the profile was opened from). */
export function replayRecent(code: string, number: number): void {
  closeProfile();
  openReplay(number, code);
}

/**
 * A new face, kept on this device: a signed-in player's goes to the account (and their member); a guest says
 * hello again with it, which gives it to their member in the room they are in, as a new name does.
 */
export function setAvatar(avatar: OwnAvatar): void {
  prefs.saveAvatar(avatar);
  app.set({ avatar });
  const { identity, welcomed } = app.get();
  if (!identity || !welcomed) return; // the first hello carries it
  if (identity.account) send({ action: "profile", avatar });
  else sayHello();
}

/** A signed-in player's new name: the account's, and their member's in the room they are in. */
export function rename(name: string): void {
  send({ action: "profile", name: name.trim() });
}

export function signOut(): void {
  send({ action: "sign_out" });
}

export function deleteAccount(): void {
  send({ action: "delete_account" });
}

// --- what the server says ---------------------------------------------------------------------------------------

export function welcomed(frame: WelcomeFrame): void {
  if (frame.rid && frame.rid === provisionalRid) return provisionallyWelcomed(frame);
  const identity = welcomedIdentity(app.get().identity ?? provisional, frame);
  provisional = null;
  prefs.saveIdentity(identity);
  prefs.saveName(frame.name);
  app.set({ identity, name: frame.name, welcomed: true });
  adoptAvatar(frame.avatar);
  void gis.useSecret(identity.secret);
  signInWaiting(); // a token that came while this hello was on its way (asked for with this identity's nonce)
  arrived(frame.room);
}

function provisionallyWelcomed(frame: WelcomeFrame): void {
  provisional = welcomedIdentity(provisional, frame);
  provisionalRid = null;
  void gis.useSecret(provisional.secret);
  // A waiting token signs this identity in; otherwise a visitor who started as a guest meanwhile says hello as it.
  if (!signInWaiting() && !app.get().identity && app.get().name) sayHello();
}

/** Welcomed (or signed in from the start screen) in `code`, or in no room: a join link is followed now. */
function arrived(code: string | null): void {
  const { joinCode, joinKey, room } = app.get();
  if (code === null) {
    if (room) app.set({ room: null });
    prefs.saveRoom(null);
    if (joinCode) joinRoom(joinCode, joinKey);
    else afterWelcome?.();
  }
  afterWelcome = null;
}

/** Settles a refusal about this device's identity; false: not one, or one the room's handling still tells. */
export function accountRefused(frame: ErrorFrame): boolean {
  if (frame.rid && frame.rid === provisionalRid) {
    // The hello made for signing in was refused (a reset local server): the next button asks afresh.
    provisional = provisionalRid = credentialWaiting = null;
    if (!app.get().identity && app.get().name) sayHello(); // the visitor started as a guest meanwhile
    return true;
  }
  if (frame.code === "not_signed_in") dropAccount();
  if (frame.code === "bad_credentials" && !app.get().welcomed) {
    // The stored identity no longer works (a reset local server): start over as a new guest with the same name.
    provisional = credentialWaiting = null;
    prefs.saveIdentity(null);
    prefs.saveRoom(null);
    app.set({ identity: null });
    sayHello();
    return true;
  }
  return false;
}

export function signedIn(frame: SignedInFrame): void {
  const fromStart = !app.get().identity;
  const known = app.get().identity ?? provisional;
  if (!known) return;
  const identity = signedInIdentity(known, frame);
  provisional = null;
  prefs.saveIdentity(identity);
  prefs.saveName(frame.name);
  app.set({ identity, name: frame.name, ...(fromStart ? { welcomed: true } : {}) });
  adoptAvatar(frame.avatar);
  if (fromStart) arrived(null);
}

export function profileCame(frame: ProfileFrame): void {
  profileView.set({ profile: frame });
  adoptAvatar(frame.avatar);
  if (frame.name !== app.get().name) {
    prefs.saveName(frame.name);
    app.set({ name: frame.name });
  }
}

/** The face the server holds (a signed-in player's account's, a resumed member's) becomes this device's. */
function adoptAvatar(avatar: Avatar | null | undefined): void {
  const own = storedAvatar(avatar);
  if (!own || (own.picture === app.get().avatar.picture && own.color === app.get().avatar.color)) return;
  prefs.saveAvatar(own);
  app.set({ avatar: own });
}

/** Signed out, or the account deleted: this device forgets its identity and says hello as a new guest. */
export function sessionEnded(frame: { type: "signed_out" | "account_deleted" }): void {
  profileView.set({ profile: null, ended: frame.type });
  gis.forgetSession();
  prefs.saveIdentity(null);
  prefs.saveRoom(null);
  app.set({ identity: null, welcomed: false, room: null });
  void gis.useSecret(null);
  sayHello();
}

/** The account forgot this device (`not_signed_in`): a guest again, under the same player. */
function dropAccount(): void {
  const identity = app.get().identity;
  if (!identity?.account) return;
  const guest = { playerId: identity.playerId, secret: identity.secret };
  prefs.saveIdentity(guest);
  app.set({ identity: guest });
  closeProfile();
}
