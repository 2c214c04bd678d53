/** The settings' switches: each is remembered (prefs.ts) and shown at once. */
import * as prefs from "../prefs";
import type { Lang, Theme } from "../prefs-types";
import { app } from "./state";

export function setLang(lang: Lang): void {
  prefs.saveLang(lang);
  prefs.applyToDocument(app.get().theme, lang);
  app.set({ lang });
}

export function setTheme(theme: Theme): void {
  prefs.saveTheme(theme);
  prefs.applyToDocument(theme, app.get().lang);
  app.set({ theme });
}

export function setSound(sound: boolean): void {
  prefs.saveSound(sound);
  app.set({ sound });
}

export function setSortHand(sortHand: boolean): void {
  prefs.saveSortHand(sortHand);
  app.set({ sortHand });
}
