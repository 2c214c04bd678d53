/**
 * Translation: every string the site shows comes from a catalogue (`en.ts` is the reference; `ja.ts` and
 * `ko.ts` must have exactly the same keys — the compiler checks). Parameters are written `{name}`; a message
 * that depends on a count is an object of plural forms chosen by `Intl.PluralRules` on the `n` parameter.
 *
 *     t("cm.hand_title", { n: 7 })   // "Your hand (7 cards)" / "あなたの手札（7枚）"
 */
import type { Lang } from "../prefs";
import { en } from "./en";
import { ja } from "./ja";
import { ko } from "./ko";

export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Key = keyof typeof en;
export type Catalog = Record<Key, string | Plural>;
export type Params = Record<string, string | number>;

const CATALOGS: Record<Lang, Catalog> = { en, ja, ko };

let lang: Lang = "ja";
let plurals = new Intl.PluralRules(lang);

/** Switches the language of every later `t` call (the app re-renders after calling this). */
export function setLanguage(next: Lang): void {
  lang = next;
  plurals = new Intl.PluralRules(next);
}

export function t(key: Key, params: Params = {}): string {
  const entry = CATALOGS[lang][key] ?? en[key];
  const text = typeof entry === "string" ? entry : (entry[plurals.select(Number(params.n ?? 0))] ?? entry.other);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** `t` for keys built at run time (an error code from the server, an event code): unknown keys give `fallback`. */
export function tKnown(key: string, params: Params = {}, fallback: Key = "error.unknown"): string {
  return t((key in en ? key : fallback) as Key, params);
}
