/**
 * Room upkeep the home screen needs, free of any screen: room codes as typed or linked, the server's rule for
 * names, how long a refusal asks to wait. What only a room shows is in `roomUpkeep.ts` (a chunk loaded with the
 * room). docs/protocol.md is the reference for each.
 */
import { t } from "../../i18n";

// --- room codes -------------------------------------------------------------------------------------------------

/** Rooms have 4-digit codes, and 6 or 8 digits only while the 4-digit ones are crowded. */
export const isRoomCode = (code: string): boolean => /^\d{4}(?:\d{2}){0,2}$/.test(code);

/** The code of a join link's `?room=` (full-width digits read as digits), or null if it is no room code. */
export function roomCodeOf(linked: string | null): string | null {
  const code = linked?.normalize("NFKC").trim() ?? "";
  return isRoomCode(code) ? code : null;
}

// --- names ------------------------------------------------------------------------------------------------------

export const MAX_NAME = 16;
const MAX_MARKS = 4;
/** Letters and symbols to Unicode that show as nothing: Hangul fillers, the Braille blank, the combining
 * grapheme joiner, the Khmer inherent vowels (the server's list, functions/protocol.py). */
const BLANK = new Set("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5");
const HIDDEN = /[\p{C}\p{Zl}\p{Zp}]/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const MARK = /\p{M}/u;

export type NameProblem = "empty" | "long" | "hidden" | "invisible" | "marks";

/**
 * Why the server would refuse `typed` as a name (null: it takes it), by the rule of docs/protocol.md: 1–16
 * characters once trimmed, no control or format characters, something visible, at most 4 marks in a row.
 *
 *     nameProblem("ゆうき") === null; nameProblem("\u3164") === "invisible"
 */
export function nameProblem(typed: string): NameProblem | null {
  const chars = [...typed.trim()];
  if (!chars.length) return "empty";
  if (chars.length > MAX_NAME) return "long";
  if (chars.some((ch) => HIDDEN.test(ch))) return "hidden";
  if (!chars.some((ch) => VISIBLE.test(ch) && !BLANK.has(ch))) return "invisible";
  let marks = 0;
  for (const ch of chars) {
    marks = MARK.test(ch) ? marks + 1 : 0;
    if (marks > MAX_MARKS) return "marks";
  }
  return null;
}

// --- waits ------------------------------------------------------------------------------------------------------

/** A wait of `seconds` in words, rounded up to the unit a person counts in: "45 秒", "4 分", "5 時間 12 分". */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return t("upkeep.time.seconds", { n: whole });
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return t("upkeep.time.minutes", { n: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [t("upkeep.time.hours", { n: hours }), ...(rest ? [t("upkeep.time.minutes", { n: rest })] : [])].join(" ");
}
