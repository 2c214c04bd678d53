/**
 * Color Match card codes (engine contract): a colour `r y g b` and a value `0`–`9`, `S` skip, `R` reverse,
 * `D` draw two; wilds `W` and `W4`.
 *
 *     parseCard("gS")  // { color: "g", value: "S" }
 *     parseCard("W4")  // { color: null, value: "W4" }
 */
import { t, type Key } from "../../i18n";

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

/** The colour's name, e.g. "赤" / "red". */
export const colorName = (color: CardColor): string => t(`color.${color}` as Key);

/** A card's full name for the screen reader and the log, e.g. "赤の7", "ワイルドドロー4". */
export function cardName(code: string): string {
  const { color, value } = parseCard(code);
  const valueName = /^\d$/.test(value) ? value : t(`cm.value.${value}` as Key);
  return color ? t("cm.card", { color: colorName(color), value: valueName }) : valueName;
}

/** What the card shows big in its middle. */
export function cardSymbol(value: string): string {
  return { S: "⊘", R: "⇄", D: "+2", W: "", W4: "+4" }[value] ?? value;
}
