/**
 * What the browser remembers between visits, in localStorage under one prefix. Every read tolerates a missing
 * or corrupt value (private mode, an old version of the site) by falling back to the default.
 */

import { randomAvatar, storedAvatar, type OwnAvatar } from "./account/avatar";
import { storedIdentity, type Identity } from "./account/identity";
import { LANGS, type Lang, type Theme } from "./prefs-types";
import { applyAppearance } from "./touch/appearance";

const PREFIX = "deckroom.";

function read(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
  } catch {
    // Storage refused (private mode, quota): the site still works for this visit.
  }
}

/** The language from storage, else the first of the browser's languages we speak, else Japanese. */
export function loadLang(): Lang {
  const stored = read("lang");
  if (LANGS.includes(stored as Lang)) return stored as Lang;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase() as Lang;
    if (LANGS.includes(base)) return base;
  }
  return "ja";
}
export const saveLang = (lang: Lang) => write("lang", lang);

/** The theme from storage, else the system's preference. */
export function loadTheme(): Theme {
  const stored = read("theme");
  if (stored === "light" || stored === "dark") return stored;
  return matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
export const saveTheme = (theme: Theme) => write("theme", theme);

export const loadSound = (): boolean => read("sound") !== "off";
export const saveSound = (on: boolean) => write("sound", on ? "on" : "off");

export const loadName = (): string => read("name") ?? "";
export const saveName = (name: string) => write("name", name);

/** This device's face: the one kept, else a random first one (kept at once, so it stays the same). */
export function loadAvatar(): OwnAvatar {
  try {
    const stored = storedAvatar(JSON.parse(read("avatar") ?? "null"));
    if (stored) return stored;
  } catch {
    // fall through: a corrupt face is as good as none
  }
  const first = randomAvatar();
  saveAvatar(first);
  return first;
}
export const saveAvatar = (avatar: OwnAvatar) => write("avatar", JSON.stringify(avatar));

export function loadIdentity(): Identity | null {
  try {
    return storedIdentity(JSON.parse(read("identity") ?? "null"));
  } catch {
    // fall through: a corrupt identity is as good as none
  }
  return null;
}
export const saveIdentity = (identity: Identity | null) =>
  write("identity", identity && JSON.stringify(identity));

/** Whether the hand is sorted by colour then number (on unless the player switched it off). */
export const loadSortHand = (): boolean => read("sortHand") !== "off";
export const saveSortHand = (on: boolean) => write("sortHand", on ? "on" : "off");

/** Whether the tables show the card counter (what is played, what is left): off unless the player switched it on. */
export const loadCounter = (): boolean => read("counter") === "on";
export const saveCounter = (on: boolean) => write("counter", on ? "on" : "off");

/**
 * Whether the coach's tips show on the player's turn: chosen in the settings ("on", "off"), or "first" — on by
 * itself for the first game against CPUs on this device, and off after it (app/room.ts); unset before that game.
 */
export type Coach = "on" | "off" | "first" | null;
export function loadCoach(): Coach {
  const stored = read("coach");
  return stored === "on" || stored === "off" || stored === "first" ? stored : null;
}
export const saveCoach = (coach: Coach) => write("coach", coach);
/** Whether the coach's tips show now. */
export const coachOn = (coach: Coach): boolean => coach === "on" || coach === "first";

/** What the quick solo start deals: the game, its options (null: the game's defaults), the CPUs and their level. */
export interface SoloSetup {
  game: string;
  options: Record<string, unknown> | null;
  cpus: number;
  level: string;
}

/** The last solo game's set-up, or null before the first one. */
export function loadSolo(): SoloSetup | null {
  try {
    const value = JSON.parse(read("solo") ?? "null");
    const cpus = value?.cpus;
    if (typeof value?.game === "string" && Number.isInteger(cpus) && cpus >= 1 && cpus <= 9 && typeof value.level === "string") {
      const options = value.options && typeof value.options === "object" ? value.options : null;
      return { game: value.game, options, cpus, level: value.level };
    }
  } catch {
    // fall through: a corrupt set-up is as good as none
  }
  return null;
}
export const saveSolo = (setup: SoloSetup) => write("solo", JSON.stringify(setup));

/** The room this browser was last in, so a reload or a new tab goes straight back to it. */
export const loadRoom = (): string | null => read("room");
/** The room last written by this page: every room frame saves its room, and a write to storage is slow on a phone
 * (issue 33), so only a change is written. */
let savedRoom: string | null | undefined;

export function saveRoom(code: string | null): void {
  if (code === savedRoom) return;
  savedRoom = code;
  write("room", code);
}

/** Applies theme and language to the document root (CSS reads `data-theme`, screen readers read `lang`), and to
 * the browser's bar and the app manifest the page links. */
export function applyToDocument(theme: Theme, lang: Lang): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.lang = lang;
  applyAppearance(theme, lang);
}

/** A switch of the phone touches (`keepAwake`, `vibrate`, `showStamps`): on unless the player switched it off. */
export const loadSwitch = (key: string): boolean => read(key) !== "off";
export const saveSwitch = (key: string, on: boolean) => write(key, on ? "on" : "off");
