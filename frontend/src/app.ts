/**
 * The site's one controller: the app state, what the buttons do, and what each server frame changes.
 * Screens read the state through `useStore(app)` and call the actions below; nothing else talks to the server.
 */
import * as gis from "./account/gis";
import { helloFrame, signedInIdentity, welcomedIdentity } from "./account/identity";
import { gameOf, games } from "./games";
import { t } from "./i18n";
import type { PendingMove } from "./games/types";
import { Connection, type ConnectionStatus } from "./net/connection";
import {
  DEFAULT_CPU_LEVEL, type AccountFrame, type ErrorFrame, type Move, type ProfileFrame, type RemovedFrame, type RoomFrame,
  type ServerFrame, type SignedInFrame, type WelcomeFrame,
} from "./net/protocol";
import * as prefs from "./prefs";
import { playFor } from "./sound";
import { createStore } from "./store";
import { entriesOf, type LogEntry } from "./ui/logEntries";
import { launch, runEffects, type Flight } from "./ui/motion";
import { roomCodeOf } from "./ui/upkeep";

export interface Notice {
  /** An error code of the protocol (translated as `error.<code>`), or a message key of our own. */
  code: string;
  /** The engine's refusal code (`error.reason`), told in the reader's words where the game knows it. */
  reason?: string;
  /** The game the refusal is about (whose words tell the reason). */
  game?: string;
  /** Seconds to wait before trying again (`too_many_attempts`). */
  wait?: number;
  id: number;
}

export interface AppState {
  status: ConnectionStatus | "loading" | "no_config";
  /** Known once the server has welcomed us (or from storage, while saying hello). */
  identity: prefs.Identity | null;
  /** True once hello was answered on the current connection. */
  welcomed: boolean;
  name: string;
  room: RoomFrame | null;
  /** The latest events of the room, oldest first, for the game log. */
  log: LogEntry[];
  /** A request id waiting for its reply: buttons stay disabled meanwhile, so a double tap sends once. */
  busy: string | null;
  /** The move sent and not answered yet: its cards have left the hand (and come back if it is refused). */
  pending: (PendingMove & { rid: string }) | null;
  notice: Notice | null;
  /** The code of a join link that has not been acted on yet. */
  joinCode: string | null;
  lang: prefs.Lang;
  theme: prefs.Theme;
  sound: boolean;
  /** Whether the hand is shown sorted (by colour, then number). */
  sortHand: boolean;
  /** What the quick solo start deals (the last solo game's game, options, CPUs and level). */
  solo: prefs.SoloSetup;
  /** True while the quick solo start chains its frames. */
  soloStarting: boolean;
  /** Seconds to add to the local clock to get the server's (from the latest room frame). */
  clockSkew: number;
  /** The room the host removed this player from, and why (shown at home until the next room). */
  removed: Omit<RemovedFrame, "type" | "rid"> | null;
}

export const app = createStore<AppState>({
  status: "loading",
  identity: prefs.loadIdentity(),
  welcomed: false,
  name: prefs.loadName(),
  room: null,
  log: [],
  busy: null,
  pending: null,
  notice: null,
  joinCode: joinCodeFromUrl(),
  lang: prefs.loadLang(),
  theme: prefs.loadTheme(),
  sound: prefs.loadSound(),
  sortHand: prefs.loadSortHand(),
  solo: prefs.loadSolo() ?? { game: games()[0].id, options: null, cpus: 3, level: DEFAULT_CPU_LEVEL },
  soloStarting: false,
  clockSkew: 0,
  removed: null,
});

let connection: Connection | null = null;
let nextRid = 1;
let noticeId = 1;
let busyTimer: number | undefined;
/** The card of the pending move on its way to the pile (it lands or comes back with the answer). */
let flight: Flight | null = null;
/** Requests whose answer a caller awaits (the quick solo start), by request id. */
const waiting = new Map<string, { resolve(frame: RoomFrame): void; reject(frame: ErrorFrame): void }>();
/** What to do once welcomed (a new guest who pressed the solo start instead of the plain start). */
let afterWelcome: (() => void) | null = null;

/** A join link is the site's address with `?room=1234` (or a 6- or 8-digit code). */
function joinCodeFromUrl(): string | null {
  return roomCodeOf(new URLSearchParams(location.search).get("room"));
}

/** The link that brings a friend straight into `code`. */
export function joinLink(code: string): string {
  return `${location.origin}${location.pathname}?room=${code}`;
}

export async function boot(): Promise<void> {
  prefs.applyToDocument(app.get().theme, app.get().lang);
  let url: string;
  try {
    const config = await (await fetch("/config.json", { cache: "no-store" })).json();
    url = config.websocketUrl;
    gis.configure(config.signIn, { credential: signInWith, needsIdentity: helloForSignIn });
  } catch {
    app.set({ status: "no_config" });
    return;
  }
  void gis.useSecret(app.get().identity?.secret ?? null);
  connection = new Connection(url, {
    open: () => {
      provisionalRid = null; // a hello on the closed socket is never answered
      sayHello();
    },
    frame: receive,
    status: (status) => app.set({ status, welcomed: status === "open" && app.get().welcomed }),
    waiting: waitingOnOthers,
  });
  connection.start();
}

/** The room and version a quiet ping asks about: any screen of a room that waits on others — the lobby (a
 * lost "started" frame would leave a guest there while the game waits on them), the results, and a running game
 * in which this screen has nothing to do. A screen with moves to make waits on nobody: its next move brings the
 * room back anyway (`stale`). */
function waitingOnOthers(): { room: string; version: number } | null {
  const room = app.get().room;
  if (!room) return null;
  const legal = room.game?.view.legal;
  if (room.phase === "playing" && Array.isArray(legal) && legal.length > 0) return null;
  return { room: room.code, version: room.version };
}

/** Sends `frame` with a fresh request id; a tracked one disables the buttons until its answer. */
function send(frame: Record<string, unknown>, track = true): string | null {
  const rid = `r${nextRid++}`;
  if (!connection?.send({ ...frame, rid })) {
    notify("offline");
    return null;
  }
  if (track) {
    app.set({ busy: rid });
    window.clearTimeout(busyTimer);
    // A reply that never comes (a dropped socket) must not leave the buttons disabled for good.
    busyTimer = window.setTimeout(() => {
      if (app.get().busy !== rid) return;
      app.set({ busy: null });
      settlePending(rid, false);
      waiting.get(rid)?.reject({ type: "error", code: "offline", message: "no answer", rid });
      waiting.delete(rid);
    }, 8_000);
  }
  return rid;
}

/** Sends `frame` and waits for its answer: the room frame it produced, or the error (rejected). */
function request(frame: Record<string, unknown>): Promise<RoomFrame> {
  return new Promise((resolve, reject) => {
    const rid = send(frame);
    if (rid) waiting.set(rid, { resolve, reject });
    else reject({ type: "error", code: "offline", message: "offline" } satisfies ErrorFrame);
  });
}

function notify(code: string, reason?: string, game?: string, wait?: number): void {
  app.set({ notice: { code, reason, game, wait, id: noticeId++ } });
}

export function dismissNotice(): void {
  app.set({ notice: null });
}

function sayHello(): void {
  const { identity, name, joinCode } = app.get();
  // A visitor who starts as a guest keeps the identity made for the start screen's sign-in button (if any), so a
  // sign-in begun in the meantime asked for a token with the nonce this device goes on using.
  const known = identity ?? (name ? provisional : null);
  const frame = helloFrame(known, name, identity ? (joinCode ?? prefs.loadRoom()) : null);
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

export function createRoom(): void {
  send({ action: "create" });
}

export function joinRoom(code: string): void {
  send({ action: "join", code });
}

/** An action on the current room: every room frame carries the room code. */
export function roomAction(action: string, fields: Record<string, unknown> = {}): void {
  const room = app.get().room;
  if (room) send({ action, room: room.code, ...fields });
}

/** A frame about the current room that no button waits for (a stamp): the table stays usable meanwhile. */
export function roomNote(action: string, fields: Record<string, unknown> = {}): void {
  const room = app.get().room;
  if (room) send({ action, room: room.code, ...fields }, false);
}

const frameListeners = new Set<(frame: ServerFrame) => void>();

/** Calls `listener` with every frame the server sends, before the app handles it (stamps: touch/stamps.ts). */
export function onFrame(listener: (frame: ServerFrame) => void): void {
  frameListeners.add(listener);
}

/**
 * A game move, stamped with the version it was decided on (the server refuses it if the game moved on). `cards`
 * leave the hand at once — from `from`, flying to the pile — and come back if the server refuses the move.
 */
export function move(move: Move, cards: string[] = [], from: Element | null = null): void {
  const { room, busy } = app.get();
  if (!room || busy) return;
  const rid = send({ action: "move", room: room.code, version: room.version, move });
  if (!rid) return;
  const game = gameOf(room.game?.id);
  flight?.land();
  flight = from && cards.length && game?.Card ? launch(from, cards[0], game.Card) : null;
  app.set({ pending: { rid, move, cards } });
}

/** The answer to the pending move came (`accepted`: a room frame) or never will: its flight ends either way. */
function settlePending(rid: string | undefined, accepted: boolean): void {
  const pending = app.get().pending;
  if (!pending || pending.rid !== rid) return;
  if (accepted) flight?.land();
  else flight?.back();
  flight = null;
  app.set({ pending: null });
}

export function leaveRoom(): void {
  roomAction("leave");
}

/**
 * The quick solo start (seed 003's 「CPUと対戦」): a room of one's own with the remembered CPUs, level, game and
 * options, started at once — the frames the lobby would send, chained here, each after the answer to the last.
 */
export async function playSolo(): Promise<void> {
  const { game, options, cpus, level } = app.get().solo;
  app.set({ soloStarting: true });
  try {
    // The level was one the server took; one it no longer knows (`bad_frame`) leaves the room at its default.
    const { code } = await request({ action: "create", cpu_level: level }).catch((refusal: ErrorFrame) => {
      if (refusal.code !== "bad_frame" || level === DEFAULT_CPU_LEVEL) throw refusal;
      dismissNotice();
      return request({ action: "create" });
    });
    for (let i = 0; i < cpus; i++) await request({ action: "add_cpu", room: code });
    await request({ action: "select_game", room: code, game });
    // Options the server no longer takes (a game changed them) leave the defaults: still one tap to a game.
    if (options) await request({ action: "set_options", room: code, game, options }).catch(() => dismissNotice());
    await request({ action: "start", room: code, game });
  } catch {
    // The refusal was shown; the player is where the chain stopped (home, or the new room's lobby).
  } finally {
    app.set({ soloStarting: false });
  }
}

export function setLang(lang: prefs.Lang): void {
  prefs.saveLang(lang);
  prefs.applyToDocument(app.get().theme, lang);
  app.set({ lang });
}

export function setTheme(theme: prefs.Theme): void {
  prefs.saveTheme(theme);
  prefs.applyToDocument(theme, app.get().lang);
  app.set({ theme });
}

export function setSound(sound: boolean): void {
  prefs.saveSound(sound);
  app.set({ sound });
}

export function setSortHand(sortHand: boolean): void {
  prefs.saveSortHand(sortHand);
  app.set({ sortHand });
}

// --- what the server says ---------------------------------------------------------------------------------------

function receive(frame: ServerFrame): void {
  for (const listener of frameListeners) listener(frame);
  const state = app.get();
  if (frame.rid && frame.rid === state.busy) {
    window.clearTimeout(busyTimer);
    app.set({ busy: null });
  }
  switch (frame.type) {
    case "welcome":
      return welcomed(frame);
    case "room":
      roomChanged(frame);
      if (frame.rid) waiting.get(frame.rid)?.resolve(frame);
      break;
    case "left":
      prefs.saveRoom(null);
      app.set({ room: null });
      break;
    case "removed":
      outOfRoom(frame.room);
      app.set({ removed: { room: frame.room, reason: frame.reason } });
      break;
    case "error":
      refused(frame);
      if (frame.rid) waiting.get(frame.rid)?.reject(frame);
      break;
    case "signed_in":
    case "profile":
    case "signed_out":
    case "account_deleted":
      accountChanged(frame);
      break;
  }
  if (frame.rid) waiting.delete(frame.rid);
}

function welcomed(frame: WelcomeFrame): void {
  if (frame.rid && frame.rid === provisionalRid) return provisionallyWelcomed(frame);
  const identity = welcomedIdentity(app.get().identity ?? provisional, frame);
  provisional = null;
  prefs.saveIdentity(identity);
  prefs.saveName(frame.name);
  app.set({ identity, name: frame.name, welcomed: true });
  void gis.useSecret(identity.secret);
  signInWaiting(); // a token that came while this hello was on its way (asked for with this identity's nonce)
  arrived(frame.room);
}

/** Welcomed (or signed in from the start screen) in `code`, or in no room: a join link is followed now. */
function arrived(code: string | null): void {
  const { joinCode, room } = app.get();
  if (code === null) {
    if (room) app.set({ room: null });
    prefs.saveRoom(null);
    if (joinCode) joinRoom(joinCode);
    else afterWelcome?.();
  }
  afterWelcome = null;
}

function roomChanged(frame: RoomFrame): void {
  const current = app.get().room;
  // Frames of parallel changes may arrive out of order: never step back to an older version of the same room. The
  // answer to our own move can be overtaken that way (a CPU's next move, sent by the timer, arrives first): it
  // still settles the move, or the buttons would stay disabled.
  if (current && current.code === frame.code && frame.version < current.version) {
    settlePending(frame.rid, true);
    return;
  }
  prefs.saveRoom(frame.code);
  if (current?.code !== frame.code) app.set({ removed: null });
  const joinCode = app.get().joinCode;
  if (joinCode) history.replaceState(null, "", location.pathname);
  const earlier = current?.code === frame.code ? app.get().log : [];
  const own = frame.rid !== undefined && frame.rid === app.get().pending?.rid;
  app.set({
    room: frame,
    log: [...earlier, ...entriesOf(frame, earlier, current?.code === frame.code ? current : undefined)].slice(-60),
    joinCode: null,
    clockSkew: frame.now - Date.now() / 1000,
  });
  settlePending(frame.rid, true);
  if (current?.code === frame.code) {
    rememberSolo(frame, current);
    runEffects(frame, current, { own, sound: app.get().sound });
    if (app.get().sound) playFor(frame, current);
  }
}

/** A game started in a room where this player is the only person: the quick solo start deals the same next time. */
function rememberSolo(frame: RoomFrame, before: RoomFrame): void {
  if (frame.phase !== "playing" || before.phase !== "lobby" || !frame.game || !frame.you.host) return;
  if (frame.members.some((m) => !m.cpu && m.member !== frame.you.member)) return;
  const solo: prefs.SoloSetup = {
    game: frame.game.id,
    options: frame.lobby.options[frame.game.id] ?? null,
    cpus: frame.members.filter((m) => m.cpu).length,
    level: frame.settings.cpu_level,
  };
  prefs.saveSolo(solo);
  app.set({ solo });
}

function refused(frame: ErrorFrame): void {
  if (frame.rid && frame.rid === provisionalRid) {
    // The hello made for signing in was refused (a reset local server): the next button asks afresh.
    provisional = provisionalRid = credentialWaiting = null;
    if (!app.get().identity && app.get().name) sayHello(); // the visitor started as a guest meanwhile
    return;
  }
  if (frame.code === "not_signed_in") dropAccount();
  if (frame.code === "bad_credentials" && !app.get().welcomed) {
    // The stored identity no longer works (a reset local server): start over as a new guest with the same name.
    provisional = credentialWaiting = null;
    prefs.saveIdentity(null);
    prefs.saveRoom(null);
    app.set({ identity: null });
    sayHello();
    return;
  }
  settlePending(frame.rid, false);
  // A join link's code that cannot be joined is dropped (the player stays at home, told why).
  if (["room_not_found", "room_full", "room_closed", "removed", "too_many_attempts"].includes(frame.code)) {
    app.set({ joinCode: null });
  }
  // The server no longer has this connection in the room on screen (removed, or the room expired): go home.
  if (frame.code === "not_in_room" && app.get().room) outOfRoom(app.get().room!.code);
  // `stale` comes with a fresh room frame: the screen simply catches up, no need to alarm anyone.
  if (frame.code !== "stale") notify(frame.code, frame.reason, app.get().room?.game?.id, frame.retry_after);
}

/** This phone is no longer in room `code`: back to the home screen. */
function outOfRoom(code: string): void {
  if (app.get().room?.code !== code) return;
  prefs.saveRoom(null);
  flight?.back();
  flight = null;
  app.set({ room: null, log: [], pending: null });
}

// --- accounts (docs/protocol.md, "Accounts") --------------------------------------------------------------------

/** What the profile screen shows: whether it is open, the latest `profile` frame, and how a session ended. */
export interface ProfileView {
  open: boolean;
  profile: ProfileFrame | null;
  /** The device signed out or deleted its account while the screen was open (it says so until closed). */
  ended: "signed_out" | "account_deleted" | null;
}

export const profileView = createStore<ProfileView>({ open: false, profile: null, ended: null });

/**
 * A sign-in needs an identity (the token carries a nonce made from its secret), and a new visitor on the start
 * screen has none: this one is made for the start screen's sign-in button, and kept in memory only until the
 * visitor either signs in with it or starts as a guest with it (then it is stored like any guest's).
 */
let provisional: prefs.Identity | null = null;
/** The request id of the hello that makes (or rebinds) `provisional`, while it is unanswered. */
let provisionalRid: string | null = null;
/** A token waiting for a hello's answer: the quiet one's (from the start screen, the identity first takes the name
 * typed there), or that of the visitor who started as a guest with it. */
let credentialWaiting: string | null = null;
/** The name a new account made from the start screen starts with (what is typed there, or a default). */
let startName = "";
/** Whether a sign-in button has been shown (only then is an identity made for one). */
let signInShown = false;

/** The start screen's name field, for an account made from it. */
export function setStartName(name: string): void {
  startName = name;
}

/** A sign-in button is shown but there is no identity to make its nonce from (a new visitor): make one. */
function helloForSignIn(): void {
  signInShown = true;
  const { identity, name, status } = app.get();
  // Not for a player who has an identity or is getting one (a name: a guest's hello), nor twice at once.
  if (identity || name || provisionalRid || status !== "open") return;
  provisionalRid = send(provisionalHello(), false);
}

/** The hello of `provisional` (a new one if there is none yet), under the start screen's name. */
function provisionalHello(): Record<string, unknown> {
  const name = startName.trim() || t("account.default_name");
  return helloFrame(provisional, name, null)!; // never null: there is a name
}

function provisionallyWelcomed(frame: WelcomeFrame): void {
  provisional = welcomedIdentity(provisional, frame);
  provisionalRid = null;
  void gis.useSecret(provisional.secret);
  // A waiting token signs this identity in; otherwise a visitor who started as a guest meanwhile says hello as it.
  if (!signInWaiting() && !app.get().identity && app.get().name) sayHello();
}

/** Sends the token that waited for a hello's answer, if one did. */
function signInWaiting(): boolean {
  if (!credentialWaiting) return false;
  send({ action: "sign_in", credential: credentialWaiting });
  credentialWaiting = null;
  return true;
}

/** Google handed the page an ID token asked for with this device's nonce. */
function signInWith(credential: string): void {
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

export function openProfile(): void {
  profileView.set({ open: true, ended: null });
  send({ action: "profile" });
}

export function closeProfile(): void {
  profileView.set({ open: false, ended: null });
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

function accountChanged(frame: AccountFrame): void {
  switch (frame.type) {
    case "signed_in":
      return signedIn(frame);
    case "profile":
      profileView.set({ profile: frame });
      if (frame.name !== app.get().name) {
        prefs.saveName(frame.name);
        app.set({ name: frame.name });
      }
      return;
    case "signed_out":
    case "account_deleted":
      profileView.set({ profile: null, ended: frame.type });
      return startAfresh();
  }
}

function signedIn(frame: SignedInFrame): void {
  const fromStart = !app.get().identity;
  const known = app.get().identity ?? provisional;
  if (!known) return;
  const identity = signedInIdentity(known, frame);
  provisional = null;
  prefs.saveIdentity(identity);
  prefs.saveName(frame.name);
  app.set({ identity, name: frame.name, ...(fromStart ? { welcomed: true } : {}) });
  if (fromStart) arrived(null);
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

/** Signed out, or the account deleted: this device forgets its identity and says hello as a new guest. */
function startAfresh(): void {
  gis.forgetSession();
  prefs.saveIdentity(null);
  prefs.saveRoom(null);
  app.set({ identity: null, welcomed: false, room: null });
  void gis.useSecret(null);
  sayHello();
}
