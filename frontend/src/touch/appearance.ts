/**
 * How the site looks to the phone around its pages: the browser's bar (`theme-color`) and, once installed, the
 * app's launch screen and task switcher, which come from a web app manifest. A manifest has one language and one
 * pair of colours, so the build writes one per language and theme (build/pwa.ts) and the page links the one the
 * player chose; they share one `id`, so they describe the same app.
 */
import type { Lang, Theme } from "../prefs-types";

/** Each theme's page background (`--bg` in styles/base.css): the bar and the launch screen match the page. */
export const THEME_COLORS: Record<Theme, string> = { light: "#f3f0e8", dark: "#11151d" };

export const manifestPath = (lang: Lang, theme: Theme): string => `/manifest-${lang}-${theme}.webmanifest`;

/** Points the page's manifest link and `theme-color` at the player's language and theme. */
export function applyAppearance(theme: Theme, lang: Lang): void {
  document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.setAttribute("href", manifestPath(lang, theme));
  document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}
