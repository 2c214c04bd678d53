/**
 * The table's moments, free of any screen: when a change deals a game or ends one (and who is celebrated), and the
 * ticker's lines — the last few things that happened, newest first. `motion.ts` shows
 * the moments; `parts/GameLog.tsx` shows the ticker.
 */
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { ended } from "./ended";
import { describe, type LogEntry } from "./logEntries";
import { winnerNames } from "./roomUpkeep";

/** The change from `before` to `after` dealt a game: the table appears (from the lobby or the results) or a new
 * game replaces the one on it. */
export const dealt = (after: RoomFrame, before: RoomFrame): boolean =>
  after.phase === "playing" && !!after.game && (before.phase !== "playing" || before.game?.number !== after.game.number);

/** What the end of a game celebrates: whose win (`mine` when it is this phone's), or null when the change from
 * `before` to `after` ended no game. A game that ends with no winner still has its moment, without a name. */
export function winMoment(after: RoomFrame, before: RoomFrame): { text: string; mine: boolean } | null {
  const end = ended(after, before);
  if (!end) return null;
  const { entry, mine } = end;
  const names = entry ? winnerNames(after, entry) : [];
  if (mine) return { text: t("moment.you_win"), mine };
  return { text: names.length ? t("log.game_over", { names: names.join("・") }) : t("log.game_over_nobody"), mine };
}

export interface TickerLine {
  key: string;
  text: string;
}

/** The log's last `count` lines, newest first (the ticker under the pile: the newest, and the one before it
 * fading); only the entries needed are told (by `tell`: the log's lines, kept from frame to frame). */
export function tickerLines(log: LogEntry[], count = 2, tell: (entry: LogEntry) => string[] = describe): TickerLine[] {
  const lines: TickerLine[] = [];
  for (let i = log.length - 1; i >= 0 && lines.length < count; i--) {
    const texts = tell(log[i]);
    for (let j = texts.length - 1; j >= 0 && lines.length < count; j--) lines.push({ key: `${log[i].id}.${j}`, text: texts[j] });
  }
  return lines;
}
