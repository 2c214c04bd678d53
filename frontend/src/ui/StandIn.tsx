/** "たろうは離席中。5 秒後に CPU が代わりに出します": shown while a stand-in is due for an away player's seat. */
import { membersBySeat, seatName } from "../games/seats";
import { t } from "../i18n";
import type { RoomFrame } from "../net/protocol";
import { useCountdown } from "./useCountdown";

export function StandIn({ room, clockSkew }: { room: RoomFrame; clockSkew: number }) {
  const deadline = room.game?.deadline;
  const standin = deadline?.kind === "standin" ? deadline : null;
  const left = useCountdown(standin?.at, clockSkew);
  if (!standin) return null;
  const name = seatName(membersBySeat(room), standin.seat);
  return (
    <span class="countdown"> · {left === null ? t("table.standin_now", { name }) : t("table.standin", { name, n: left })}</span>
  );
}
