/** The app's state: one store, read by the screens through `useStore(app)` and changed by the modules of app/. */
import type { OwnAvatar } from "../account/avatar";
import type { Identity } from "../account/identity";
import { games } from "../games";
import type { PendingMove } from "../games/types";
import type { ConnectionStatus } from "../net/connection";
import { DEFAULT_CPU_LEVEL, type RemovedFrame, type RoomFrame } from "../net/protocol";
import * as prefs from "../prefs";
import type { Lang, Theme } from "../prefs-types";
import { createStore } from "../store";
import type { LogEntry } from "../ui/logic/logEntries";
import { roomCodeOf } from "../ui/logic/upkeep";

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
  identity: Identity | null;
  /** True once hello was answered on the current connection. */
  welcomed: boolean;
  name: string;
  /** This device's face (a signed-in player's: their account's). */
  avatar: OwnAvatar;
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
  /** The join link's room key (its joins are never throttled by others' failures). */
  joinKey: string | null;
  /** The room this phone knocked on, waiting for the host's answer. */
  knocking: string | null;
  lang: Lang;
  theme: Theme;
  sound: boolean;
  /** Whether the hand is shown sorted (by colour, then number). */
  sortHand: boolean;
  /** What the quick solo start deals (the last solo game's game, options, CPUs and level). */
  solo: prefs.SoloSetup;
  /** Whether the coach's tips show, and whether by choice (prefs.ts, `Coach`). */
  coach: prefs.Coach;
  /** Whether the tables show the card counter (off unless switched on). */
  counter: boolean;
  /** True while the quick solo start chains its frames. */
  soloStarting: boolean;
  /** Seconds to add to the local clock to get the server's (from the latest room frame). */
  clockSkew: number;
  /** The room the host removed this player from, and why (shown at home until the next room). */
  removed: Omit<RemovedFrame, "type" | "rid"> | null;
  /** What the player is asked whether to leave (Back, or ⚙): the game at the table, or the room. */
  leaving: "table" | "room" | null;
  /** The people of the room are shown over the table (⚙): who is host, and the host's menu to remove someone. */
  people: boolean;
}

export const app = createStore<AppState>({
  status: "loading",
  identity: prefs.loadIdentity(),
  welcomed: false,
  name: prefs.loadName(),
  avatar: prefs.loadAvatar(),
  room: null,
  log: [],
  busy: null,
  pending: null,
  notice: null,
  joinCode: joinCodeFromUrl(),
  joinKey: joinKeyFromUrl(),
  knocking: null,
  lang: prefs.loadLang(),
  theme: prefs.loadTheme(),
  sound: prefs.loadSound(),
  sortHand: prefs.loadSortHand(),
  solo: prefs.loadSolo() ?? { game: games()[0].id, options: null, cpus: 3, level: DEFAULT_CPU_LEVEL },
  coach: prefs.loadCoach(),
  counter: prefs.loadCounter(),
  soloStarting: false,
  clockSkew: 0,
  removed: null,
  leaving: null,
  people: false,
});

/** A join link is the site's address with `?room=1234` (or a 6- or 8-digit code). */
/** The join link's room key (`?key=`), when it looks like one. */
function joinKeyFromUrl(): string | null {
  const key = new URLSearchParams(location.search).get("key");
  return key && /^[A-Za-z0-9_-]{22}$/.test(key) ? key : null;
}

function joinCodeFromUrl(): string | null {
  const params = new URLSearchParams(location.search);
  // A replay link (`&replay=3`, app/replay.ts) names a room to watch a game of, not one to join.
  return params.has("replay") ? null : roomCodeOf(params.get("room"));
}

let noticeId = 1;

export function notify(code: string, reason?: string, game?: string, wait?: number): void {
  app.set({ notice: { code, reason, game, wait, id: noticeId++ } });
}

export function dismissNotice(): void {
  app.set({ notice: null });
}
