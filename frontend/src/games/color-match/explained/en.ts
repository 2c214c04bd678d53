/** Color Match's rules explained in English (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).en;

export const entries: Record<Rule, RuleEntry> = {
  multi_play: {
    name: lobby("option.multi_play"),
    text: "Play the same numbers (any colours), several Skips or several Reverses together. The last card you pick goes on top and sets the colour.",
  },
  stacking: {
    name: lobby("option.stacking"),
    text: "When a Draw Two or a Wild Draw Four comes to you, answer it with another draw card: the total grows and passes on, and the first player who cannot answer draws it all.",
  },
  challenge: {
    name: lobby("option.challenge"),
    text: "A Wild Draw Four may only be played without a card of the colour in play. Doubt it? Challenge: if its player held that colour, they draw 4; if not, you draw the total + 2.",
  },
  no_action_finish: {
    name: lobby("option.no_action_finish"),
    text: "You cannot go out on a Skip, Reverse, Draw Two or Wild: if your last card is one of them, you draw one card instead.",
  },
  call: {
    name: lobby("option.call"),
    text: "When you are down to one card, press “Last card!” (you may press it already with two cards). Forget it and you draw 2 — when someone calls you out, when the next player moves, or when the seconds run out, as the lobby chose.",
  },
  color_before: {
    name: "Before the +4",
    text: "The colour in play before the Wild Draw Four. Its player may not have held a card of this colour: if you think they did, challenge.",
  },
  undeclared: {
    name: "Not called",
    text: "This player holds one card and did not press “Last card!”. Call them out before the next player moves and they draw 2.",
  },
};
