/** 大富豪's rules explained in English (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).en;

export const entries: Record<Rule, RuleEntry> = {
  revolution: {
    name: lobby("option.revolution"),
    text: "Four cards of one rank, jokers included, reverse the order: 3 becomes strongest and 2 weakest. Four more reverse it back. Example: after a revolution of 6-6-6-6, 5-5-5-5 beats it.",
  },
  eight_cut: {
    name: lobby("option.eight_cut"),
    text: "A play containing an 8 clears the field at once, and its player leads. Example: an 8 on someone's K makes it your lead.",
  },
  sequences: {
    name: lobby("option.sequences"),
    text: "Three or more cards of one suit in a row may be played (♠4, ♠5, ♠6), beaten by a higher run of the same length (♥7–9 on ♠4–6). 2 and 3 do not connect. A joker may fill a gap.",
  },
  sequence_revolution: {
    name: lobby("option.sequence_revolution"),
    text: "A run of five or more is a revolution too (with runs and revolution on).",
  },
  lock: {
    name: lobby("option.lock"),
    text: "When a play has the same suits as the play before it, the field is locked to those suits until it clears. Example: ♠5 ♥5, then ♠9 ♥9 locks ♠♥; then ♠J with a joker may follow, ♠J ♦J may not.",
  },
  eleven_back: {
    name: lobby("option.eleven_back"),
    text: "A play containing a J reverses the order until the field clears. Example: after a J, a 9 beats a 10.",
  },
  spade3: {
    name: lobby("option.spade3"),
    text: "A lone ♠3 beats a lone joker; the field clears and the ♠3's player leads.",
  },
  miyako_ochi: {
    name: lobby("option.miyako_ochi"),
    text: "If someone else goes out first, the previous round's Daifugō drops out at once, last.",
  },
  forbidden_finish: {
    name: lobby("option.forbidden_finish"),
    text: "Going out on a joker, a 2 (a 3 in revolution), an 8 or the ♠3 puts you last. Example: play your last 2 before your last card.",
  },
  jokers: {
    name: lobby("option.jokers"),
    text: "A joker beats any single card and stands in for a missing card in a set (5, 5, joker is three 5s) or a run.",
  },
  rounds: {
    name: lobby("option.rounds"),
    text: "How many rounds are played. Each round scores (players + 1 − place) points; the highest total wins.",
  },
  order: {
    name: "Order",
    text: "Which cards are strong now: normally 3 is weakest and 2 strongest (the joker above all). A revolution or a Jack back turns it over.",
  },
};
