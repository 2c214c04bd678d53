/** The settings' switches: each is remembered (prefs.ts) and shown at once. */
import { loadLanguage } from "../i18n";
import * as prefs from "../prefs";
import type { Lang, Theme } from "../prefs-types";
import { app } from "./state";

/** Switches the language once its words have come (i18n/index.ts loads them on demand). */
export async function setLang(lang: Lang): Promise<void> {
  prefs.saveLang(lang);
  await loadLanguage(lang);
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

export function setCounter(counter: boolean): void {
  prefs.saveCounter(counter);
  app.set({ counter });
}

/** The coach's tips switched on or off by the player (after which the first solo game no longer decides). */
export function setCoach(on: boolean): void {
  saveCoach(on ? "on" : "off");
}

/** Remembers `coach` and shows it at once. */
export function saveCoach(coach: prefs.Coach): void {
  prefs.saveCoach(coach);
  app.set({ coach });
}

export { coachOn } from "../prefs";
