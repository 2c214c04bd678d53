/**
 * A game's rule explanations (issue 32): one catalogue per game (`games/<id>/help.ts`), read by the table's chips,
 * the lobby's options and the rules page. An entry is the rule's name and two or three plain sentences, in each
 * language; the compiler checks that every language explains every rule.
 */
import { currentLang } from "../i18n";
import { LANGS, type Lang } from "../prefs-types";

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
  /** The rule in `lang` (default: the reader's language). */
  entry(rule: string, lang?: Lang): RuleEntry;
}

/**
 * The catalogue of one game's entries, written per language (English the reference, its keys the rules); `house`
 * says which of them are house rules.
 */
export function ruleCatalogue<R extends string>(
  entries: Record<Lang, Record<R, RuleEntry>>, house: readonly NoInfer<R>[],
): RuleCatalogue {
  const rules = Object.keys(entries.en) as R[];
  const has = (rule: string): rule is R => rules.includes(rule as R);
  return {
    rules,
    house,
    has,
    entry(rule, lang = currentLang()) {
      if (!has(rule)) throw new Error(`no explanation of ${rule}`);
      return (LANGS.includes(lang) ? entries[lang] : entries.en)[rule];
    },
  };
}

/** The lobby's words (`names.ts`, by language) as rules' names: a catalogue names an option as the lobby does. */
export function namesIn<K extends string>(words: Record<Lang, Record<K, unknown>>): Record<Lang, (key: K) => string> {
  const named = (lang: Lang) => (key: K): string => String(words[lang][key]);
  return { ja: named("ja"), en: named("en"), ko: named("ko") };
}
