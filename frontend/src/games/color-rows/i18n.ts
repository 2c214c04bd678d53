/**
 * Color Rows's words in English (the reference), Japanese and Korean, each language a chunk of its own (words/),
 * loaded as the site's words are: a phone downloads only the words it reads.
 */
import { wordsByLanguage } from "../../i18n";
import type { Keys } from "./words/en";

export const words = wordsByLanguage<Keys>({
  en: () => import("./words/en").then((module) => module.en),
  ja: () => import("./words/ja").then((module) => module.ja),
  ko: () => import("./words/ko").then((module) => module.ko),
});

/** Color Rows's `t`. */
export const tr = words.t;
/** Whether Color Rows's catalogue has `key` (for keys built at run time). */
export const hasKey = words.has;
