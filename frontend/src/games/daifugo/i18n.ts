/**
 * 大富豪's words in English (the reference), Japanese and Korean, each language a chunk of its own (words/), loaded as
 * the site's words are: a phone downloads only the words it reads. The local rules keep their Japanese names in
 * every language, as players abroad call them (8切り is "8-cut", 革命 "revolution"), with the Japanese after the
 * English name so a mixed table can talk about them.
 */
import { wordsByLanguage } from "../../i18n";
import type { Keys } from "./words/en";

export const words = wordsByLanguage<Keys>({
  en: () => import("./words/en").then((module) => module.en),
  ja: () => import("./words/ja").then((module) => module.ja),
  ko: () => import("./words/ko").then((module) => module.ko),
});

/** 大富豪's `t`. */
export const td = words.t;
export type DaifugoKey = Keys;
/** Whether 大富豪's catalogue has `key` (for keys built at run time). */
export const hasKey = words.has;
