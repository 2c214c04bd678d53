/** A card as the rules page draws it (rules-page.ts): the table's own face, with the table's styles and words. */
import "./daifugo.css";
export { CardFace as Picture } from "./CardFace";
export { words } from "./i18n";
