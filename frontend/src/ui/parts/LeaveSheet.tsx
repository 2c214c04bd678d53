/**
 * Leaving, asked first (Back, or ⚙): at the table, leave the game — a CPU plays the seat to the end — or, for the
 * host, end it for everyone (back to the lobby, no result); in a room, leave the room. Staying is the default (it
 * takes the focus).
 */
import "../../styles/upkeep.css";
import { app, endGame, leaveGame, leaveRoom, stayPut } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { Sheet } from "./Sheet";

export function LeaveSheet({ room, from }: { room: RoomFrame; from: "table" | "room" }) {
  const { busy } = useStore(app);
  const solo = room.members.every((m) => m.cpu || m.member === room.you.member);
  const title = from === "table" ? t("control.leave_game_title") : t("control.leave_room_title", { code: room.code });
  return (
    <>
      <div class="sheet-backdrop" aria-hidden="true" onClick={stayPut} />
      <Sheet title={title} class="leave-sheet" focus=".stay" onClose={stayPut}>
        {from === "table" ? (
          <div class="sheet-actions">
            <div class="leave-choice">
              <button class="button warn wide" disabled={!!busy} aria-describedby="leave-game-hint" onClick={leaveGame}>
                {t("control.leave_game")}
              </button>
              <small id="leave-game-hint" class="muted">{t("control.leave_game_hint")}</small>
            </div>
            {room.you.host && (
              <div class="leave-choice">
                <button class="button warn wide" disabled={!!busy} aria-describedby="end-game-hint" onClick={endGame}>
                  {t(solo ? "control.end_game_solo" : "control.end_game")}
                </button>
                <small id="end-game-hint" class="muted">{t(solo ? "control.end_game_hint_solo" : "control.end_game_hint")}</small>
              </div>
            )}
            <button class="button secondary wide stay" onClick={stayPut}>{t("control.keep_playing")}</button>
          </div>
        ) : (
          <div class="sheet-actions row">
            <button class="button secondary stay" onClick={stayPut}>{t("lobby.leave_no")}</button>
            <button class="button warn grow" disabled={!!busy} onClick={leaveRoom}>{t("lobby.leave_yes")}</button>
          </div>
        )}
      </Sheet>
    </>
  );
}
