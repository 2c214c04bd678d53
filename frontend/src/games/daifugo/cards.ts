/**
 * 大富豪 card codes (docs/engine.md): a suit `s h d c` (♠ ♥ ♦ ♣) and a rank `3 4 5 6 7 8 9 T J Q K A 2`, or a
 * joker `X1` / `X2`. The canonical order (the engine's, and the hand's) is by normal rank, then suit, jokers last.
 *
 *     parseCard("hT")  // { suit: "h", rank: "T" }
 *     cardShort("hT")  // "♥10"
 */
import { td } from "./i18n";

export type Suit = "s" | "h" | "d" | "c";
export const SUITS: readonly Suit[] = ["s", "h", "d", "c"];
/** The ranks weakest first in the normal order. */
export const RANKS = "3456789TJQKA2";

export interface Card {
  suit: Suit | null;
  /** A rank code, or "X" for a joker. */
  rank: string;
}

export const isJoker = (code: string): boolean => code[0] === "X";

export function parseCard(code: string): Card {
  return isJoker(code) ? { suit: null, rank: "X" } : { suit: code[0] as Suit, rank: code[1] };
}

const SUIT_SYMBOL: Record<Suit, string> = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** ♠ ♥ ♦ ♣ */
export const suitSymbol = (suit: Suit): string => SUIT_SYMBOL[suit];

/** How a rank is printed on a card and in text: "10" for T, letters and digits as they are. */
export const rankLabel = (rank: string): string => (rank === "T" ? "10" : rank === "X" ? td("joker_short") : rank);

/** Whether the suit is printed red (♥ ♦). */
export const isRed = (code: string): boolean => code[0] === "h" || code[0] === "d";

/** The short name the log and buttons use: "♠3", "♥10", "JOKER". */
export function cardShort(code: string): string {
  const { suit, rank } = parseCard(code);
  return suit ? `${SUIT_SYMBOL[suit]}${rankLabel(rank)}` : td("joker");
}

/** The spoken name (screen readers): "スペードの3" / "3 of spades" / "스페이드 3". */
export function cardName(code: string): string {
  const { suit, rank } = parseCard(code);
  return suit ? td("card", { suit: td(`suit.${suit}`), rank: rankLabel(rank) }) : td("joker");
}

/** A list of cards in short names, joined by spaces: "♠5 ♥5 JOKER". */
export const cardsShort = (cards: readonly string[]): string => cards.map(cardShort).join(" ");

/** A card's place in the canonical order (normal rank, then ♠ ♥ ♦ ♣, jokers last). */
export function canonicalKey(code: string): number {
  const { suit, rank } = parseCard(code);
  return suit ? RANKS.indexOf(rank) * 4 + SUITS.indexOf(suit) : 52 + Number(code[1] ?? 0);
}
