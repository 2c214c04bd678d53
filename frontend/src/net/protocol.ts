/**
 * The shapes of docs/protocol.md, as the site sees them. Only what the site reads is typed; engine views are
 * typed per game in `games/`.
 */

/** A game id as the server names it (`lobby.games[].id`): the client's registry (games/index.ts) knows the games. */
export type GameId = string;

/**
 * The CPU levels the server accepts (`cpu_level` of `create` / `set_settings`), weakest first. The room view does
 * not list them, so this is the one place the client keeps them; each has a label `lobby.cpu_level.<level>`.
 */
export const CPU_LEVELS = ["easy", "normal"] as const;
/** The level a room starts with (`create` without `cpu_level`). */
export const DEFAULT_CPU_LEVEL = "normal";
export type CpuLevel = string;

export type Move = { type: string; [field: string]: unknown };

export interface Member {
  member: string;
  name: string;
  cpu: boolean;
  host: boolean;
  connected: boolean;
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
}

export interface Deadline {
  at: number;
  kind: "cpu" | "standin" | "engine";
  seat: number | null;
}

export interface GameState {
  id: GameId;
  number: number;
  seats: { seat: number; member: string; name?: string }[];
  current: number | null;
  deadline: Deadline | null;
  view: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

export interface HistoryEntry {
  number: number;
  game: GameId;
  winners: string[];
  cards_played: number;
}

export interface RoomEvent {
  code: string;
  [field: string]: unknown;
}

export interface RoomFrame {
  type: "room";
  version: number;
  now: number;
  code: string;
  phase: "lobby" | "playing" | "finished";
  you: { member: string; host: boolean; seat: number | null; spectator: boolean };
  members: Member[];
  settings: { mode: "host" | "vote"; cpu_level: CpuLevel };
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
  room: string | null;
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
  | { type: "left"; room: string; rid?: string };
