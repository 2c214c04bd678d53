/**
 * The values of the appearance preferences, apart from prefs.ts so that the modules prefs.ts itself uses
 * (touch/appearance.ts) and the catalogues (i18n/) can name them without importing it.
 */
export type Theme = "light" | "dark";
export type Lang = "ja" | "en" | "ko";
export const LANGS: readonly Lang[] = ["ja", "en", "ko"];
