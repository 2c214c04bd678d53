/**
 * No turn timer, and this phone's person has been in turn without a move for long (deadline kind `idle`): asked
 * "still there?" for the last 30 s before the stand-in moves. The answer (or any move) gives the time again.
 */
import { roomNote } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { useCountdown } from "../logic/useCountdown";

export function StillThere({ room, clockSkew }: { room: RoomFrame; clockSkew: number }) {
  const deadline = room.game?.deadline;
  const asked = deadline?.kind === "idle" && deadline.seat === room.you.seat ? deadline : null;
  const left = useCountdown(asked?.at, clockSkew);
  if (!asked || (left !== null && left > 30)) return null;
  return (
    <p class="callout still-there" role="alert">
      {t("upkeep.still_there")}{" "}
      <button class="button primary small" onClick={() => roomNote("still_here")}>{t("upkeep.still_here")}</button>
    </p>
  );
}
