/**
 * The shapes of docs/protocol.md, as the site sees them. Only what the site reads is typed; engine views are
 * typed per game in `games/`.
 */

export type GameId = "color-match" | "color-rows";
export const GAME_IDS: readonly GameId[] = ["color-match", "color-rows"];

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

export interface LobbyGame {
  id: GameId;
  min: number;
  max: number;
  fits: boolean;
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
  settings: { mode: "host" | "vote"; cpu_level: "easy" | "normal" };
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

export type ServerFrame =
  | RoomFrame
  | WelcomeFrame
  | ErrorFrame
  | { type: "pong"; now: number; rid?: string }
  | { type: "left"; room: string; rid?: string };
