/**
 * Absent people: while the stand-in plays for you (three turns timed out) a bar says so with 「戻る」; a person not
 * dealt into the game being played (absent at the deal, or joined during it) is told they watch until the next, and
 * one who left it that a CPU plays their seat.
 */
import "../../styles/upkeep.css";
import { app, roomAction } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { isAway } from "../logic/roomUpkeep";

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
  if (!room.you.spectator) return null;
  // Dealt this game, and watching it: they left it (the stand-in plays their seat).
  const left = room.phase === "playing" && room.game?.seats.some((s) => s.member === room.you.member);
  return <p class="callout">{t(left ? "control.left_game" : "table.spectating")}</p>;
}

/** Under the list of people: who will not be dealt next (anyone away or not connected), when there is someone. */
export function AbsentNote({ room }: { room: RoomFrame }) {
  const absent = room.members.some((m) => !m.cpu && (m.away || !m.connected));
  return absent ? <p class="muted absent-note">{t("upkeep.absent_hint")}</p> : null;
}
