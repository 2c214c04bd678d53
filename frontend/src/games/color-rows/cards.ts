/**
 * Color Rows card codes (engine contract): seven colours, `joker`, `gold` (golden joker), `plus2` and `last`.
 * Each colour also has its own symbol, so the cards can be told apart without seeing colour.
 */
import { t, type Key } from "../../i18n";

export const ROW_COLORS = ["blue", "brown", "gray", "green", "orange", "pink", "yellow"] as const;

const SYMBOLS: Record<string, string> = {
  blue: "●", brown: "■", gray: "▲", green: "◆", orange: "★", pink: "♥", yellow: "✚",
  joker: "✱", gold: "✱", plus2: "+2", last: "⚑",
};

export const rowCardSymbol = (code: string): string => SYMBOLS[code] ?? "?";

/** "青" / "blue", "ジョーカー" / "joker", … */
export const rowCardName = (code: string): string => t(`cr.card.${code}` as Key);
