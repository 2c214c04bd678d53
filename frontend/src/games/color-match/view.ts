/** The engine's Color Match view (docs/engine.md) and the questions the table asks of it. */
import type { Move } from "../../net/protocol";
import { cardName, colorName, isWild, parseCard, sortKey, valueName, type CardColor } from "./cards";
import type { SeatRecord } from "./counting";
import { tc } from "./i18n";

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
  /** The engine's events of the last step (public). */
  events?: Record<string, unknown>[];
  recent?: Record<string, unknown>[];
  /** What every player at the table has seen over the whole game (docs/protocol.md, `game.view.record`). */
  record?: { seats: SeatRecord[]; under: { W: number; W4: number } };
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

/** Whether some legal multi-card play includes `code` (then a tap picks it instead of playing it). */
export const hasCompanions = (view: ColorMatchView, code: string): boolean =>
  plays(view).some((m) => m.cards.length > 1 && m.cards.includes(code));

/** Whether `whole` holds every card of `part`, counting repeats. */
function holds(whole: string[], part: string[]): boolean {
  const left = [...whole];
  return part.every((card) => {
    const at = left.indexOf(card);
    return at >= 0 && left.splice(at, 1).length === 1;
  });
}

const sameCards = (a: string[], b: string[]) => a.length === b.length && holds(a, b);

/** Whether some legal play holds all of `cards` (counting repeats), so a selection may grow to it. */
export const extendsToLegal = (view: ColorMatchView, cards: string[]): boolean =>
  plays(view).some((m) => holds(m.cards, cards));

/** Whether `cards`, in some order, make one legal play. */
export const isLegalSet = (view: ColorMatchView, cards: string[]): boolean =>
  cards.length > 0 && plays(view).some((m) => sameCards(m.cards, cards));

/**
 * `cards` in an order the server takes: the first card must be playable by itself (the rest follow it, and the
 * last one ends on top). The picked order is kept when it already starts right; otherwise the first card that
 * may start is moved to the front.
 *
 *     // on a green 6: red 0 picked, then green 0
 *     orderForPlay(view, ["r0", "g0"])  // ["g0", "r0"]
 */
export function orderForPlay(view: ColorMatchView, cards: string[]): string[] {
  if (cards.length < 2 || canPlayAlone(view, cards[0])) return cards;
  const first = cards.findIndex((card) => canPlayAlone(view, card));
  return first < 0 ? cards : [cards[first], ...cards.slice(0, first), ...cards.slice(first + 1)];
}

/** Whether playing `cards` asks for a colour (a Wild that ends the game names none: docs/rules.md CM 12). */
export const needsColor = (view: ColorMatchView, cards: string[]): boolean =>
  plays(view).some((m) => m.color !== undefined && sameCards(m.cards, cards));

// --- the multi-card selection (まとめ出し) -------------------------------------------------------------------

/**
 * The selection after `picked` (indices into `hand`, in tap order) loses or gains cards: every pick must still
 * fit — the first one playable by itself, each later one growing the selection towards a legal play — and a
 * pick that no longer fits is dropped with those after it.
 */
export function settle(view: ColorMatchView, hand: string[], picked: number[]): number[] {
  const kept: number[] = [];
  for (const index of picked) {
    const cards = [...kept.map((i) => hand[i]), hand[index]];
    const fits = kept.length === 0 ? canPlayAlone(view, hand[index]) : extendsToLegal(view, cards);
    if (!fits) break;
    kept.push(index);
  }
  return kept;
}

/**
 * The cards that may be tapped now, given the picked ones: with nothing picked, those that may be played by
 * themselves; after a pick, the picked ones (a tap takes them back) and those that still make a legal play
 * with them — nothing else rises.
 */
export function tappable(view: ColorMatchView, hand: string[], picked: number[]): Set<number> {
  const pickedCards = picked.map((i) => hand[i]);
  const out = new Set<number>(picked);
  hand.forEach((code, index) => {
    if (picked.includes(index)) return;
    if (picked.length === 0 ? canPlayAlone(view, code) : extendsToLegal(view, [...pickedCards, code])) out.add(index);
  });
  return out;
}

/** What a tap on card `index` does: play it at once, pick it (or take it back) for a multi-card play, or nothing. */
export function tap(
  view: ColorMatchView, hand: string[], picked: number[], index: number,
): { play: string[] } | { picked: number[] } | null {
  if (picked.includes(index)) return { picked: settle(view, hand, picked.filter((i) => i !== index)) };
  if (!tappable(view, hand, picked).has(index)) return null;
  if (picked.length === 0 && !hasCompanions(view, hand[index])) return { play: [hand[index]] };
  return { picked: [...picked, index] };
}

// --- the hand ----------------------------------------------------------------------------------------------

/** The hand's indices in the order shown: sorted by colour then value (stable), or as dealt and drawn. */
export function handOrder(hand: string[], sorted: boolean): number[] {
  const order = hand.map((_, i) => i);
  return sorted ? order.sort((a, b) => sortKey(hand[a]) - sortKey(hand[b]) || a - b) : order;
}

// --- what the turn banner says ----------------------------------------------------------------------------

/**
 * The last-card call (「あと 1 枚」, every preset) made in advance with more than two cards — with まとめ出し, when all
 * but one may go together (docs/rules.md CM 10) — needs a word of why: how many cards the play that leaves one
 * takes. Null for the usual call (two cards, or right after a play left one).
 */
export function callAhead(view: ColorMatchView, hand: string[]): number | null {
  return findMove(view, "declare") && hand.length > 2 ? hand.length - 1 : null;
}

/** What the player in turn is told (seed 000: 「あなたの番です。赤か7の札を出せます」). */
export function turnHint(view: ColorMatchView, hand: string[], picked: number[]): string {
  if (findMove(view, "choose_color")) return tc("prompt_first_color");
  if (view.pending) {
    return tc(plays(view).length ? "prompt_pending" : "prompt_pending_plain", { n: view.pending.draw });
  }
  if (view.drawn && findMove(view, "pass")) {
    return tc("prompt_drawn", { card: cardName(view.drawn) });
  }
  if (picked.length && tappable(view, hand, picked).size > picked.length) {
    return tc("hint_select", { value: valueName(parseCard(hand[picked[0]]).value) });
  }
  if (!plays(view).length) return tc("hint_nothing");
  const color = view.color ? colorName(view.color) : "";
  if (isWild(view.top)) return tc("hint_color_or_wild", { color });
  return tc("hint_color_or_value", { color, value: valueName(parseCard(view.top).value) });
}

// --- the coach's tip (ui/parts/CoachTip.tsx) --------------------------------------------------------------

/** At most this many cards are named per reason: a tip stays about two lines on a small phone. */
const NAMED = 2;

/** The cards' names, the same card once, at most `NAMED` of them then "…". */
function someNames(cards: string[]): string {
  const names = [...new Set(cards)].map(cardName);
  return names.slice(0, NAMED).join(tc("coach.sep")) + (names.length > NAMED ? tc("coach.sep") + "…" : "");
}

/**
 * Which cards the player in turn can play and why (「出せる札：赤の3（色が同じ）、ワイルド（いつでも）」) — the
 * colour, the number or symbol, a Wild — or, with nothing to play, what to do. Null when the turn is not a plain
 * play (the first colour, a penalty, a drawn card: the banner says what to do then).
 */
export function coachTip(view: ColorMatchView, hand: string[]): string[] | null {
  if (findMove(view, "choose_color") || view.pending || view.drawn || !findMove(view, "draw")) return null;
  const playable = hand.filter((code) => canPlayAlone(view, code));
  if (!playable.length) return [tc("coach.none")];
  const top = parseCard(view.top);
  const byColor = playable.filter((code) => !isWild(code) && parseCard(code).color === view.color);
  const byValue = playable.filter((code) => !isWild(code) && !byColor.includes(code) && parseCard(code).value === top.value);
  const wilds = playable.filter(isWild);
  const reasons = [
    byColor.length ? tc("coach.by_color", { cards: someNames(byColor) }) : "",
    byValue.length ? tc(/^\d$/.test(top.value) ? "coach.by_value" : "coach.by_symbol", { cards: someNames(byValue) }) : "",
    wilds.length ? tc("coach.by_wild", { cards: someNames(wilds) }) : "",
  ];
  return [tc("coach.playable", { list: reasons.filter(Boolean).join(tc("coach.group_sep")) })];
}
