/**
 * What the client knows about one game: the shape every game folder fills in (`games/<id>/index.ts` exports one
 * `GameInfo`, `games/<id>/play.ts` one `GamePlay`), and the registry (`games/index.ts`) maps game ids to them. The screens of `ui/` ask only this
 * interface, never a game id: a new game is one folder and one registry line.
 */
import type { ComponentChildren, ComponentType } from "preact";
import type { Params } from "../i18n";
import type { Move, RoomFrame } from "../net/protocol";
import type { RuleCatalogue } from "./help";

/** A move the table handed to the server and whose answer has not come yet. */
export interface PendingMove {
  move: Move;
  /** The cards it takes out of the hand (they leave it at once and come back if the move is refused). */
  cards: string[];
}

/** What a table is given: the room, whether it may act now, and how to act. */
export interface TableProps {
  room: RoomFrame;
  /** True while a request waits for its answer or the game is over: every control is then disabled. */
  busy: boolean;
  /** The move sent and not answered yet (null: none). */
  pending: PendingMove | null;
  /** Sends a move for this phone's seat; `cards` leave the hand at once, flying from `from` to the pile. */
  act(move: Move, cards?: string[], from?: Element | null): void;
  /** The game log, for the table to place. */
  log: ComponentChildren;
  /** The server's clock is the local one plus this many seconds (for countdowns: ui/logic/useCountdown.ts). */
  clockSkew: number;
  /** Whether the player wants the hand sorted, and how to switch it (remembered on this device). */
  sortHand: boolean;
  setSortHand(on: boolean): void;
  /** Whether the coach's tips show on the player's turn (ui/parts/CoachTip.tsx; prefs.ts, `Coach`). */
  coach: boolean;
  /** Whether the table offers its card counter (what is played, what is left; off unless switched on). */
  counter: boolean;
}

/**
 * Where a motion starts or ends on the table (see `ui/logic/motion.ts`): the element with that `data-anchor` ("pile",
 * "draw", "hand", "row-2", …), or the element of a seat (`data-seat`).
 */
export type Anchor = string | { seat: number };

/** Something the table shows for a moment after a change: a card flying, or a line announced over the table. */
export type Effect =
  | { kind: "fly"; from: Anchor; to: Anchor; card: string | null; count?: number }
  | { kind: "announce"; text: string; tone?: "info" | "warn" | "good" };

/** Sounds the site can make (sound.ts), played in step with the effects. */
export type SoundName = "card" | "draw" | "turn" | "end" | "skip" | "reverse" | "penalty" | "call" | "challenge";

/** The names the log's sentences use: members by id, seats by number, and who made the move (`moved.by`). */
export interface LogContext {
  names: Record<string, string>;
  seatNames: Record<number, string>;
  by?: string;
}

/** One public action of a game's own history (an engine event, as the view repeats it). */
export type Action = Record<string, unknown>;

/** A game's sentences for its log (ui/logic/logEntries.ts turns the room's events into lines). */
export interface GameLog {
  /** The lines of a `moved` event: `name` made `move` (empty when the engine's events tell it better). */
  move(move: Move, name: string, context: LogContext): string[];
  /** The lines of one engine event (empty for events not worth a line). */
  engine(step: Action, context: LogContext): string[];
  /**
   * A game whose view repeats its recent public actions (Color Match's `recent`) fills in what this phone missed:
   * `publicActions` picks them out of a step's engine events, `unseen` finds those of the view not yet told
   * (`seen`: what the log told of this game, oldest first; `latest`: this frame's own), `line` tells one.
   */
  catchUp?: {
    publicActions(events: Action[]): Action[];
    unseen(view: Record<string, unknown>, seen: Action[], latest: Action[]): Action[];
    line(action: Action, context: LogContext): string[];
  };
}

/** The labels of the options form: the options and presets themselves come from the server (lobby.games). */
export interface OptionLabels {
  /** The preset's name ("基本", "ハウスルール"). */
  preset(name: string): string;
  option(name: string): string;
  /** A line under the option's name, or "" for none. */
  hint(name: string): string;
  /** How one allowed value reads ("ほかの人が指摘する", "5 秒"). */
  value(option: string, value: unknown): string;
}

/**
 * What the site knows of a game from the start (the home screen, the lobby, the history): light, so the first page
 * does not carry every game's table. The rest comes with `load()` — the table, its cards, log, effects and styles,
 * one chunk per game, fetched when the lobby picks the game or a room frame says it is being played (index.ts).
 */
export interface GameInfo {
  /** The game id the server uses (`lobby.games[].id`, `game.id`). */
  id: string;
  name(): string;
  /** One line for the game lists (home and lobby). */
  blurb(): string;
  /** The path of the static rules page (`frontend/rules/<id>.html`), or null if the game has none. */
  rules: string | null;
  options: OptionLabels;
  /** How the history counts a game's cards ("出した札 38 枚"). */
  cardsPlayed(n: number): string;
  /** The game's table and everything that goes with it: a dynamic `import()` of the game's `play.ts`. */
  load(): Promise<GamePlay>;
  /** The game's rules explained (games/help.ts), for the lobby's options: a dynamic `import()` of its `help.ts`. */
  help(): Promise<RuleCatalogue>;
}

/** The part of a game loaded on demand (`games/<id>/play.ts`). */
export interface GamePlay {
  /** The game's words and rules explained in the reader's language, loaded (the registry waits for them before it
   * shows the table). */
  ready: Promise<unknown>;
  /** The table during the game and under the results. */
  Table: ComponentType<TableProps>;
  /** The ranking of a finished game (inside the results panel). */
  Ranking: ComponentType<{ room: RoomFrame }>;
  /** The picture of one card (null: its back), for the cards that fly across the table (ui/logic/motion.ts). */
  Card: ComponentType<{ code: string | null }>;
  /** A card's name in the reader's language (for the log and screen readers). */
  cardName(code: string): string;
  log: GameLog;
  /** What to show and play for the change from `before` to `after` (same room, same game): motion and sound. */
  effects?(after: RoomFrame, before: RoomFrame): { effects: Effect[]; sounds: SoundName[] };
  /** The reader's words for an engine refusal code (`error.reason`), or null to show the generic message. */
  reason?(code: string, params?: Params): string | null;
}
