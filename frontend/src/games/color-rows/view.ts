/** The engine's Color Rows view (docs/engine.md). */
import type { Move } from "../../net/protocol";
import { tr } from "./i18n";

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

/**
 * What the player in turn may do and why (ui/parts/CoachTip.tsx): place the card turned up, turn one up or take a
 * row, or take a row when none has room. Null when there is nothing to choose.
 */
export function coachTip(view: ColorRowsView): string[] | null {
  const can = (type: string) => view.legal.some((m) => m.type === type);
  if (view.drawn) return can("place") ? [tr("coach.place")] : null;
  if (can("draw")) return [tr("coach.draw_or_take")];
  return can("take") ? [tr("coach.take")] : null;
}
