/**
 * Color Match's rules explained (games/help.ts): the lobby's options, then what the table names, in that order; the
 * words are a chunk per language (explained/), loaded as the game's words are.
 */
import { ruleCatalogue } from "../help";

const RULES = ["multi_play", "stacking", "challenge", "no_action_finish", "call", "color_before", "undeclared"] as const;
export type Rule = (typeof RULES)[number];

export const help = ruleCatalogue<Rule>({
  en: () => import("./explained/en").then((module) => module.entries),
  ja: () => import("./explained/ja").then((module) => module.entries),
  ko: () => import("./explained/ko").then((module) => module.entries),
}, RULES, ["multi_play", "stacking", "challenge", "no_action_finish", "call"]);
