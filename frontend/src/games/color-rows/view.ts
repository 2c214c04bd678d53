/** The engine's Color Rows view (docs/engine.md). */
import type { Move } from "../../net/protocol";

export interface ColorRowsScore {
  seat: number;
  total: number;
  counts: Record<string, number>;
  jokers: { card: string; color: string }[];
  plus: string[];
  minus: string[];
  points: Record<string, number>;
  plus2: number;
}

export interface ColorRowsView {
  seat: number | null;
  options: { scoring?: "standard" | "variant" };
  colors: string[];
  table: number[];
  rows: { cards: string[]; capacity: number; taken_by: number | null }[];
  players: { seat: number; cards: Record<string, number>; out: boolean; score: number }[];
  supply: number;
  last_round: boolean;
  drawn: string | null;
  current: number | null;
  round: number;
  legal: Move[];
  result: { scores: ColorRowsScore[]; winners: number[] } | null;
}

/** The legal move of `type` on `row`, if any. */
export const rowMove = (view: ColorRowsView, type: "place" | "take", row: number): Move | undefined =>
  view.legal.find((m) => m.type === type && m.row === row);
