/**
 * Color Rows card codes (docs/engine.md): seven colours, `joker`, `gold` (golden joker), `plus2` and `last`.
 * Each colour also has its own symbol, so the cards can be told apart without seeing colour.
 */
import { hasKey, tr } from "./i18n";

export const ROW_COLORS = ["blue", "brown", "gray", "green", "orange", "pink", "yellow"] as const;
/** A collection's order: the colours, then the jokers and the +2 cards. */
export const COLLECTION_ORDER = [...ROW_COLORS, "joker", "gold", "plus2"];

const SYMBOLS: Record<string, string> = {
  blue: "●", brown: "■", gray: "▲", green: "◆", orange: "★", pink: "♥", yellow: "⬢",
  joker: "✱", gold: "✱", plus2: "+2", last: "⚑",
};

export const rowCardSymbol = (code: string): string => SYMBOLS[code] ?? "?";

/** "青" / "Blue", "ジョーカー" / "Joker", … */
export const rowCardName = (code: string): string => {
  const key = `card.${code}`;
  return hasKey(key) ? tr(key) : code;
};
