/**
 * Translation: every string the site shows comes from a catalogue. The site's own words are in `en.ts` (the
 * reference), `ja.ts` and `ko.ts`, which must have exactly the same keys (the compiler checks); each game folder
 * has catalogues of its own, read through a `translator` (games/<id>/i18n.ts). Parameters are written `{name}`;
 * a message that depends on a count is an object of plural forms chosen by `Intl.PluralRules` on the `n`
 * parameter. Korean particles written as pairs after a parameter (`{name}이(가)`, `{card}을(를)`) are settled
 * by the word before them.
 *
 *     t("lobby.members", { n: 3 })   // "In this room (3)" / "ルームにいる人（3人）"
 */
import type { Lang } from "../prefs-types";
import type { Catalog, Catalogs, Key, Params, Plural } from "./types";

export type { Catalog, Catalogs, Key, Params, Plural } from "./types";

let lang: Lang = "ja";
let plurals = new Intl.PluralRules(lang);

/** Switches the language of every later `t` call (the app re-renders after calling this). */
export function setLanguage(next: Lang): void {
  // Called at every render of the app: the plural rules are made only when the language changes (issue 33).
  if (next === lang) return;
  lang = next;
  plurals = new Intl.PluralRules(next);
}

export const currentLang = (): Lang => lang;

function format(entry: string | Plural, params: Params): string {
  const text = typeof entry === "string" ? entry : (entry[plurals.select(Number(params.n ?? 0))] ?? entry.other);
  const filled = text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  return lang === "ko" ? koreanParticles(filled) : filled;
}

/** A `t` for one set of catalogues (a game folder's): unknown languages fall back to English. */
export function translator<K extends string>(catalogs: Catalogs<K>): (key: K, params?: Params) => string {
  return (key, params = {}) => format(catalogs[lang][key] ?? catalogs.en[key], params);
}

/**
 * The site's catalogues loaded so far. Each language is a chunk of its own, so that a phone downloads only the
 * language it reads (main.tsx loads it before the first render, settings before switching); English, the
 * reference, is loaded too only if the reader's language could not be.
 */
const SITE: Partial<Record<Lang, Catalog>> = {};
const LOADERS: Record<Lang, () => Promise<Catalog>> = {
  en: () => import("./en").then((module) => module.en),
  ja: () => import("./ja").then((module) => module.ja),
  ko: () => import("./ko").then((module) => module.ko),
};

async function load(which: Lang): Promise<Catalog | undefined> {
  return (SITE[which] ??= await LOADERS[which]().catch(() => undefined));
}

/** The loads of what comes a language at a time (`byLanguage`), made since the page opened. */
const BY_LANGUAGE = new Set<(lang: Lang) => Promise<void>>();

/** Loads the site's words in `next`, and what else of that language is in use (`byLanguage`); English takes the
 * place of what cannot be loaded, until the next try. */
export async function loadLanguage(next: Lang): Promise<void> {
  await Promise.all([load(next).then((words) => words ?? load("en")), ...[...BY_LANGUAGE].map((set) => set(next))]);
}

/** Something written once per language, each a chunk of its own (a game's words, its rules explained). */
export interface ByLanguage<T> {
  /** What has come for `which` (by default the reader's language), else English, else undefined. */
  current(which?: Lang): T | undefined;
  /** Loads `which` (English instead if it cannot be). */
  load(which: Lang): Promise<void>;
  /** The reader's language when the set was made, loaded. */
  ready: Promise<void>;
}

/**
 * Loaded a language at a time, as the site's own words are, so that a phone downloads only the language it reads:
 * the reader's language starts loading at once (`ready`), and `loadLanguage` loads the set's part with the site's
 * words (a language switch never shows what has not come).
 */
export function byLanguage<T>(loaders: Record<Lang, () => Promise<T>>): ByLanguage<T> {
  const come: Partial<Record<Lang, T>> = {};
  const get = async (which: Lang) => (come[which] ??= await loaders[which]().catch(() => undefined));
  const load = async (which: Lang) => void ((await get(which)) ?? (await get("en")));
  BY_LANGUAGE.add(load);
  return { current: (which = lang) => come[which] ?? come.en, load, ready: load(lang) };
}

/** A game's words (games/<id>/i18n.ts), in three catalogues of the same keys `K`, one per language. */
export interface Words<K extends string> extends ByLanguage<Record<K, string | Plural>> {
  /** The words for `key` in the reader's language (the key itself before any catalogue has come). */
  t(key: K, params?: Params): string;
  /** Whether the catalogues have `key` (for keys built at run time). */
  has(key: string): key is K;
}

/** A game's words, a catalogue per language (`byLanguage`). */
export function wordsByLanguage<K extends string>(loaders: Record<Lang, () => Promise<Record<K, string | Plural>>>): Words<K> {
  const set = byLanguage(loaders);
  const catalog = (): Partial<Record<K, string | Plural>> => set.current() ?? {};
  return {
    ...set,
    t(key, params = {}) {
      const entry = catalog()[key];
      return entry === undefined ? key : format(entry, params);
    },
    has: (key): key is K => key in catalog(),
  };
}

/** The catalogue `t` reads: the reader's language, else English; every catalogue has the same keys. */
const site = (): Partial<Catalog> => SITE[lang] ?? SITE.en ?? {};

/** The site's own words (a key itself if no catalogue could be loaded). */
export function t(key: Key, params: Params = {}): string {
  const entry = site()[key];
  return entry === undefined ? key : format(entry, params);
}

/** `t` for keys built at run time (an error code from the server, an event code): unknown keys give `fallback`. */
export function tKnown(key: string, params: Params = {}, fallback: Key = "error.unknown"): string {
  return t(known(key) ? key : fallback, params);
}

/** Whether the site's catalogue has `key`. */
export const known = (key: string): key is Key => key in site();

// --- Korean particles ------------------------------------------------------------------------------------------

/** The particle pairs a Korean message may write after a parameter: [after a final consonant, after a vowel]. */
const PAIRS: Record<string, [string, string]> = {
  "을(를)": ["을", "를"],
  "이(가)": ["이", "가"],
  "은(는)": ["은", "는"],
  "과(와)": ["과", "와"],
  "(으)로": ["으로", "로"],
  "이에요(예요)": ["이에요", "예요"],
};
const PAIR = new RegExp(Object.keys(PAIRS).map((p) => p.replace(/[()]/g, "\\$&")).join("|"), "gu");
/** Digits as Korean reads them (일, 이, 삼…): which end on a consonant, and which on ㄹ (일, 칠, 팔). */
const DIGIT_FINAL = "1101001110"; // 영 일 이 삼 사 오 육 칠 팔 구
const DIGIT_RIEUL = "0100000110";
/** Latin letters as Korean reads them ("엘", "엠", "엔", "알"…): those ending on a consonant, and on ㄹ. */
const LATIN_FINAL = "lmnr";
const LATIN_RIEUL = "lr";

/** The final sound of the last spoken character of `word`: "none", "rieul" (ㄹ) or "other" (any consonant). */
export function finalSound(word: string): "none" | "rieul" | "other" {
  const last = [...word.replace(/[\s)\]」』"'!?.,]+$/u, "")].pop() ?? "";
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? "none" : final === 8 ? "rieul" : "other";
  }
  if (/\d/.test(last)) return DIGIT_RIEUL[+last] === "1" ? "rieul" : DIGIT_FINAL[+last] === "1" ? "other" : "none";
  const letter = last.toLowerCase();
  if (LATIN_RIEUL.includes(letter)) return "rieul";
  return LATIN_FINAL.includes(letter) ? "other" : "none";
}

/**
 * Settles each particle pair by the character before it.
 *
 *     koreanParticles("하나이(가) 카드을(를)")  // "하나가 카드를"
 */
export function koreanParticles(text: string): string {
  return text.replace(PAIR, (pair: string, at: number) => {
    const sound = finalSound(text.slice(0, at));
    const [consonant, vowel] = PAIRS[pair];
    // (으)로 takes 로 after ㄹ as after a vowel.
    return sound === "none" || (pair === "(으)로" && sound === "rieul") ? vowel : consonant;
  });
}
