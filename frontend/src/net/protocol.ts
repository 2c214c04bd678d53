/**
 * The shapes of docs/protocol.md, as the site sees them. Only what the site reads is typed; engine views are
 * typed per game in `games/`.
 */

import type { Avatar } from "../account/avatar";

/** A game id as the server names it (`lobby.games[].id`): the client's registry (games/index.ts) knows the games. */
export type GameId = string;

/** The level a room starts with (`create` without `cpu_level`). The levels the server accepts come in lobby frames
 * (`lobby.cpu_levels`); each has a label `lobby.cpu_level.<level>`. */
export const DEFAULT_CPU_LEVEL = "normal";
export type CpuLevel = string;

export type Move = { type: string; [field: string]: unknown };

export interface Member {
  member: string;
  name: string;
  /** Their face (a CPU seat's picture is `robot`); absent only in a stand-in member made for a seat whose person left. */
  avatar?: Avatar;
  cpu: boolean;
  host: boolean;
  connected: boolean;
  /** The stand-in plays for this connected person (three turns timed out) until they are `back`. */
  away?: boolean;
  wins: number;
  seat: number | null;
}

/** One option of a game: its default and every value it may take, in the game's own order. */
export interface OptionSpec {
  default: unknown;
  choices: unknown[];
}

export interface LobbyGame {
  id: GameId;
  min: number;
  max: number;
  fits: boolean;
  /** Every option of the game, in its own order (absent from a server that does not send them). */
  options?: Record<string, OptionSpec>;
  /** Each preset's full options. */
  presets?: Record<string, Record<string, unknown>>;
}

export interface Lobby {
  selected: GameId | null;
  votes: Record<string, string[]>;
  options: Record<string, Record<string, unknown>>;
  games: LobbyGame[];
  /** The CPU levels the server accepts, weakest first (lobby frames only). */
  cpu_levels?: CpuLevel[];
}

export interface Deadline {
  at: number;
  /** `idle`: no turn timer, the person in turn has not moved for long: "still there?" from `at - 30`. */
  kind: "cpu" | "standin" | "engine" | "turn" | "idle";
  seat: number | null;
}

export interface GameState {
  id: GameId;
  number: number;
  /** `standin`: the stand-in made the seat's last move (on a finished game: the result is the stand-in's); `left`: its
   * person left the game or the room (the stand-in plays it to the end). */
  seats: { seat: number; member: string; name?: string; standin?: boolean; left?: boolean }[];
  current: number | null;
  deadline: Deadline | null;
  view: Record<string, unknown>;
  result: Record<string, unknown> | null;
  /** The deal's commitment; its seed and salt once the game has ended (`app/fairDeal.ts`). */
  deal?: Deal;
  /** How many steps of the game's record the view is after. */
  step?: number;
}

export interface Deal {
  commitment: string;
  seed?: string;
  salt?: string;
}

export interface HistoryEntry {
  number: number;
  game: GameId;
  winners: string[];
  /** Winning seats the stand-in played at the end: its wins, credited to nobody. */
  standin_winners?: string[];
  /** Each winner's name when the game ended (of `winners` and `standin_winners`). */
  names?: Record<string, string>;
  cards_played: number;
}

export interface RoomEvent {
  code: string;
  [field: string]: unknown;
}

/** The turn timers the server accepts (`set_settings.turn_timer`, seconds; 0: none). */
export const TURN_TIMERS = [0, 15, 30, 60] as const;
/** Why the host removed someone (`remove_member.reason`), told to the removed person only. */
export const REMOVAL_REASONS = ["away", "private", "conduct"] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

export interface RoomSettings {
  mode: "host" | "vote";
  cpu_level: CpuLevel;
  /** Seconds a connected person has for each decision (0: no timer). */
  turn_timer: number;
  /** Newcomers may join (the host closes and reopens the room). */
  open: boolean;
  /** Newcomers knock and the host lets them in (turned on by a removal, or by the host). */
  knock: boolean;
}

/** A newcomer waiting for the host's answer (the host's frame only). */
export interface Knock {
  knock: string;
  name: string;
  at: number;
}

export interface RoomFrame {
  type: "room";
  version: number;
  now: number;
  code: string;
  /** The room's join-link key (members only): the invite link carries it. */
  key: string;
  /** Pending knocks (the host's frame; `[]` in everyone else's). */
  knocks: Knock[];
  phase: "lobby" | "playing" | "finished";
  you: { member: string; host: boolean; seat: number | null; spectator: boolean };
  members: Member[];
  settings: RoomSettings;
  lobby: Lobby;
  game: GameState | null;
  history: HistoryEntry[];
  events: RoomEvent[];
  rid?: string;
}

export interface WelcomeFrame {
  type: "welcome";
  player_id: string;
  secret?: string;
  name: string;
  /** The face the server holds for this connection (the account's for a signed-in device that has one), or null. */
  avatar?: Avatar | null;
  room: string | null;
  /** Present only while this device is signed in (see "Accounts"). */
  account?: string;
  rid?: string;
}

export interface ErrorFrame {
  type: "error";
  code: string;
  message: string;
  rid?: string;
  reason?: string;
  retry_after?: number;
  choices?: string[];
}

/** A member's stamp, to every connected member (docs/protocol.md, `stamp`): its id, never free text. */
export interface StampFrame {
  type: "stamp";
  room: string;
  member: string;
  stamp: string;
  rid?: string;
}

export type ServerFrame =
  | RoomFrame
  | WelcomeFrame
  | ErrorFrame
  | StampFrame
  | { type: "pong"; now: number; rid?: string }
  | { type: "left"; room: string; rid?: string }
  | RemovedFrame
  | { type: "knocking"; room: string; rid?: string }
  | { type: "knock_refused"; room: string; retry_after: number; rid?: string }
  | ReplayFrame
  | AccountFrame;

/** The host removed this person from `room` (`reason` as the host gave it, or null). */
export interface RemovedFrame {
  type: "removed";
  room: string;
  reason: RemovalReason | null;
  rid?: string;
}

// --- game records and replays (docs/protocol.md, "Game records and replays") ------------------------------------

/** A finished game's record: who sat where, and every step, `[seat, move, at, by]` (`[null, null, at, "deadline"]`
 * for a rule deadline). Only what the site reads is typed. */
export interface ReplayRecord {
  game: GameId;
  number: number;
  players: number;
  seats: string[];
  names: string[];
  steps: [number | null, Move | null, number, string][];
  result: Record<string, unknown> | null;
}

/** One state of a replay as one seat saw it, and (from step 1) the step that led to it. */
export interface ReplayStep {
  step: number;
  view: Record<string, unknown>;
  seat?: number | null;
  /** `"player"`, `"cpu"`, `"standin"`, `"timeout"`, `"forced"` (as in `moved`), or `"deadline"`. */
  by?: string;
  at?: number;
  move?: Move | null;
  /** The engine's events of the step, as the live `engine` event carried them (the same for every seat). */
  events?: Record<string, unknown>[];
}

/** A page (up to 10 steps) of a finished game's record, as `seat` saw it (null: the spectator's view). */
export interface ReplayFrame {
  type: "replay";
  room: string;
  number: number;
  seat: number | null;
  /** The record, on the page of step 0 only. */
  record: ReplayRecord | null;
  frames: ReplayStep[];
  /** The first step of the next page; null on the last. */
  next: number | null;
  /** The last page only: every seat's view at the end, by seat. */
  final_views?: Record<string, unknown>[];
  rid?: string;
}

// --- accounts (docs/protocol.md, "Accounts") --------------------------------------------------------------------

/** `config.json`'s `signIn`: present only on deployments with sign-in. */
export interface SignInConfig {
  /** The OAuth client ID to give Google Identity Services. */
  clientId: string;
  /** Google Identity Services' client script (a stand-in with the same API under `make dev`). */
  script: string;
}

export interface SignedInFrame {
  type: "signed_in";
  player_id: string;
  account: string;
  name: string;
  avatar?: Avatar | null;
  /** True: the account was made just now from this guest (same player); false: this device now is the account's player. */
  new: boolean;
  rid?: string;
}

/** One finished game in a profile's `recent`, newest first. */
export interface RecentGame {
  room: string;
  /** The game's number in the room (for `replay`); null in an entry stored before entries had it. */
  number: number | null;
  game: GameId;
  at: number;
  players: number;
  won: boolean;
}

export interface ProfileFrame {
  type: "profile";
  player_id: string;
  name: string;
  avatar?: Avatar | null;
  created: number;
  devices: number;
  /** Games played and won, by game id (games never played are left out). */
  stats: Record<GameId, { played: number; won: number }>;
  recent: RecentGame[];
  rid?: string;
}

export type AccountFrame =
  | SignedInFrame
  | ProfileFrame
  | { type: "signed_out"; rid?: string }
  | { type: "account_deleted"; rid?: string };
