/**
 * A game's rule explanations (issue 32): one catalogue per game (`games/<id>/help.ts`), read by the table's chips,
 * the lobby's options and the rules page. An entry is the rule's name and two or three plain sentences, in each
 * language; the compiler checks that every language explains every rule.
 */
import { byLanguage, currentLang } from "../i18n";
import type { Lang } from "../prefs-types";

/** One rule explained: its name as the table and the lobby show it, and what it does. */
export interface RuleEntry {
  name: string;
  text: string;
}

export interface RuleCatalogue {
  /** Every rule the catalogue explains, in the order the rules page lists them. */
  rules: readonly string[];
  /** The house rules: the options the rules page lists under its house rules (the rest: its words of the table). */
  house: readonly string[];
  has(rule: string): boolean;
  /** The rule in `lang` (default: the reader's language), once that language has come (`ready`, `load`). */
  entry(rule: string, lang?: Lang): RuleEntry;
  /** Loads the entries in `lang` (i18n's `byLanguage`: a chunk per language). */
  load(lang: Lang): Promise<void>;
  /** The entries in the reader's language, loaded. */
  ready: Promise<void>;
}

/**
 * The catalogue of one game's entries, `rules` in their order, written per language (each a chunk of its own,
 * loaded as the game's words are); `house` says which of them are house rules.
 */
export function ruleCatalogue<R extends string>(
  loaders: Record<Lang, () => Promise<Record<R, RuleEntry>>>, rules: readonly R[], house: readonly NoInfer<R>[],
): RuleCatalogue {
  const set = byLanguage(loaders);
  const has = (rule: string): rule is R => rules.includes(rule as R);
  return {
    rules,
    house,
    has,
    load: set.load,
    ready: set.ready,
    entry(rule, lang = currentLang()) {
      if (!has(rule)) throw new Error(`no explanation of ${rule}`);
      // Neither that language nor English could be loaded (offline): the rule's id, never a broken table.
      return set.current(lang)?.[rule] ?? { name: rule, text: "" };
    },
  };
}

/** The lobby's words (`names.ts`, by language) as rules' names: a catalogue names an option as the lobby does. */
export function namesIn<K extends string>(words: Record<Lang, Record<K, unknown>>): Record<Lang, (key: K) => string> {
  const named = (lang: Lang) => (key: K): string => String(words[lang][key]);
  return { ja: named("ja"), en: named("en"), ko: named("ko") };
}
