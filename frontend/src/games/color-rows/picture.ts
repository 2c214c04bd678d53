/** A card as the rules page draws it (rules-page.ts): the table's own face, with the table's styles and words. */
import "./color-rows.css";
export { RowCard as Picture } from "./RowCard";
export { words } from "./i18n";
