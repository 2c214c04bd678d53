/** The room's past games, each with its winners and cards, and a button that replays it (app/replay.ts). */
import { openReplay } from "../../app";
import { gameName, gameOf } from "../../games";
import { t } from "../../i18n";
import type { HistoryEntry, RoomFrame } from "../../net/protocol";
import { tw } from "../logic/replayWords";
import { winnerNames } from "../logic/roomUpkeep";

/** "出した札 38 枚" for a game of the history (its own game's words; a plain count for an unknown game). */
export const cardsOf = (entry: HistoryEntry): string => gameOf(entry.game)?.cardsPlayed(entry.cards_played) ?? String(entry.cards_played);

export function History({ room }: { room: RoomFrame }) {
  return (
    <ol class="history">
      {room.history.map((entry) => (
        <li>
          <span>
            {t("results.history_entry", {
              n: entry.number,
              game: gameName(entry.game),
              names: winnerNames(room, entry).join("・") || t("results.nobody"),
              cards: cardsOf(entry),
            })}
          </span>
          <button class="button small replay-open" aria-label={tw("open_label", { n: entry.number })}
            onClick={() => openReplay(entry.number)}>{tw("open")}</button>
        </li>
      ))}
    </ol>
  );
}
