/** The shapes of the catalogues, apart from index.ts so that ja.ts and ko.ts, which index.ts imports, can name them. */
import type { Lang } from "../prefs-types";
import type { en } from "./en";

export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Key = keyof typeof en;
export type Catalog = Record<Key, string | Plural>;
export type Params = Record<string, string | number>;
/** One catalogue per language, each with the keys `K`. */
export type Catalogs<K extends string> = Record<Lang, Record<K, string | Plural>>;
