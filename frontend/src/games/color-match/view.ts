/** The engine's Color Match view (engine contract + docs/engine.md) and the questions the table asks of it. */
import type { Move } from "../../net/protocol";
import type { CardColor } from "./cards";

export interface ColorMatchPlayer {
  seat: number;
  cards: number;
  declared: boolean;
  /** Holds one card without a call and can still be penalised (show 未宣言). */
  uncalled?: boolean;
}

export interface ColorMatchView {
  seat: number | null;
  options: { multi_play?: boolean; stacking?: boolean; challenge?: boolean; call?: string | number };
  hand?: string[];
  players: ColorMatchPlayer[];
  top: string;
  color: CardColor | null;
  direction: 1 | -1;
  current: number | null;
  /** The seat after `current` in the current direction (「次は…」). */
  next?: number | null;
  /** False when both piles are exhausted: the draw button then passes. */
  can_draw?: boolean;
  draw_pile: number;
  discard: number;
  pending: { draw: number; by: number } | null;
  /** While a Wild Draw Four may be challenged: the colour in effect before it (what its guilt is judged on). */
  color_before?: CardColor | null;
  drawn: string | null;
  deadline: number | null;
  legal: Move[];
  result: { winner: number | null; ranking: [number, number][] } | null;
}

export type PlayMove = Move & { type: "play"; cards: string[]; color?: CardColor };

export const plays = (view: ColorMatchView): PlayMove[] =>
  view.legal.filter((m): m is PlayMove => m.type === "play" && Array.isArray(m.cards));

export const findMove = (view: ColorMatchView, type: string): Move | undefined =>
  view.legal.find((m) => m.type === type);

/** Whether `code` may be played on its own now. */
export const canPlayAlone = (view: ColorMatchView, code: string): boolean =>
  plays(view).some((m) => m.cards.length === 1 && m.cards[0] === code);

/** Whether some legal multi-card play includes `code` (then a tap selects instead of playing). */
export const hasCompanions = (view: ColorMatchView, code: string): boolean =>
  plays(view).some((m) => m.cards.length > 1 && m.cards.includes(code));

const sameCards = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Whether some legal play holds all of `cards` (counting repeats), so the selection may grow to it. */
export function extendsToLegal(view: ColorMatchView, cards: string[]): boolean {
  return plays(view).some((m) => {
    const left = [...m.cards];
    return cards.every((card) => {
      const at = left.indexOf(card);
      return at >= 0 && left.splice(at, 1).length === 1;
    });
  });
}

/** Whether the selected cards, in any order, make one legal play; the order to send is the selection's. */
export const isLegalSet = (view: ColorMatchView, cards: string[]): boolean =>
  cards.length > 0 && plays(view).some((m) => sameCards(m.cards, cards));

/** The last-card call is named "あと 1 枚" in the seed rules (call-out mode) and "UNO" in the house rules. */
export const callIsUno = (view: ColorMatchView): boolean => (view.options.call ?? "callout") !== "callout";
