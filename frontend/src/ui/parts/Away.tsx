/**
 * Absent people: while the stand-in plays for you (three turns timed out) a bar says so with 「戻る」; a person not
 * dealt into the game being played (absent at the deal, or joined during it) is told they watch until the next.
 */
import "../../styles/upkeep.css";
import { app, roomAction } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { isAway } from "../logic/upkeep";

export function Watching({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  if (isAway(room)) {
    const playing = room.phase === "playing" && !room.you.spectator;
    return (
      <div class="callout away-bar" role="status">
        <span>{t(playing ? "upkeep.you_away" : "upkeep.you_away_idle")}</span>
        <button class="button primary" disabled={!!busy} onClick={() => roomAction("back")}>{t("upkeep.back")}</button>
      </div>
    );
  }
  return room.you.spectator ? <p class="callout">{t("table.spectating")}</p> : null;
}

/** Under the list of people: who will not be dealt next (anyone away or not connected), when there is someone. */
export function AbsentNote({ room }: { room: RoomFrame }) {
  const absent = room.members.some((m) => !m.cpu && (m.away || !m.connected));
  return absent ? <p class="muted absent-note">{t("upkeep.absent_hint")}</p> : null;
}
