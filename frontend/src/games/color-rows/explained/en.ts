/** Color Rows's rules explained in English (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).en;

export const entries: Record<Rule, RuleEntry> = {
  scoring: {
    name: lobby("option.scoring"),
    text: "How a colour scores by its number of cards: standard (brown) 1, 3, 6, 10, 15, 21 for 6 or more; variant (violet) 1, 4, 8, 7, 6, 5 — there, more is not always better.",
  },
  rows: {
    name: "Rows",
    text: "One row per player, up to 3 cards each. On your turn turn up a card and place it in a row with room — or take a row with at least one card: its cards join your collection and you are out for the round.",
  },
  round: {
    name: "Round",
    text: "A round ends when everyone has taken a row; whoever took the last row starts the next.",
  },
  supply: {
    name: "Supply",
    text: "The cards still to be turned up. Taking the row with the golden joker also gives you the top card of the supply.",
  },
  last_round: {
    name: "Last round",
    text: "The last-round card has come up: this round is the last. Then the scores are counted.",
  },
  joker: {
    name: "Joker",
    text: "Counts as any colour at the end; Deckroom picks the best choice for you.",
  },
  plus2: {
    name: "+2",
    text: "Each +2 card is worth 2 points, whatever your colours.",
  },
  three_colors: {
    name: "Three colours",
    text: "Your three best colours score plus; every other colour scores minus. A fourth colour costs points: do not grab everything.",
  },
};
