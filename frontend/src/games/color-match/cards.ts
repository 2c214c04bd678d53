/**
 * Color Match card codes (docs/engine.md): a colour `r y g b` and a value `0`–`9`, `S` skip, `R` reverse,
 * `D` draw two; wilds `W` and `W4`.
 *
 *     parseCard("gS")  // { color: "g", value: "S" }
 *     parseCard("W4")  // { color: null, value: "W4" }
 */
import { tc } from "./i18n";

export type CardColor = "r" | "y" | "g" | "b";
export const COLORS: readonly CardColor[] = ["r", "y", "g", "b"];

export interface Card {
  color: CardColor | null;
  value: string;
}

export function parseCard(code: string): Card {
  if (code === "W" || code === "W4") return { color: null, value: code };
  return { color: code[0] as CardColor, value: code.slice(1) };
}

export const isWild = (code: string): boolean => code === "W" || code === "W4";

/** The colour's name, e.g. "赤" / "Red". */
export const colorName = (color: CardColor): string => tc(`color.${color}`);

/** A value's name: "7", "スキップ", "ワイルドドロー4". */
export const valueName = (value: string): string =>
  /^\d$/.test(value) ? value : tc(`value.${value}` as "value.S");

/** A card's full name for the screen reader and the log, e.g. "赤の7", "ワイルドドロー4". */
export function cardName(code: string): string {
  const { color, value } = parseCard(code);
  return color ? tc("card", { color: colorName(color), value: valueName(value) }) : valueName(value);
}

/** What the card shows big in its middle. */
export function cardSymbol(value: string): string {
  return { S: "⊘", R: "⇄", D: "+2", W: "", W4: "+4" }[value] ?? value;
}

const VALUE_ORDER = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "D", "W", "W4"];

/** Where a card goes in a sorted hand: by colour (red, yellow, green, blue, then the wilds), then by value. */
export function sortKey(code: string): number {
  const { color, value } = parseCard(code);
  return (color ? COLORS.indexOf(color) : COLORS.length) * 100 + VALUE_ORDER.indexOf(value);
}
