/**
 * What the server will do by itself for the seat in turn, counted down: "たろうは離席中。5 秒後に CPU が代わりに
 * 出します" (a disconnected player's stand-in), or the turn timer — "残り 12 秒" in a clock of its own, with a bar
 * that shrinks along the banner, on your turn; "· 残り 12 秒" after the banner's name on another's.
 */
import "../../styles/upkeep.css";
import { membersBySeat, seatName } from "../../games/seats";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { turnClock } from "../logic/roomUpkeep";
import { useCountdown } from "../logic/useCountdown";

export function StandIn({ room, clockSkew }: { room: RoomFrame; clockSkew: number }) {
  const deadline = room.game?.deadline;
  const counted = deadline?.kind === "standin" || deadline?.kind === "turn" ? deadline : null;
  const left = useCountdown(counted?.at, clockSkew);
  if (!counted) return null;
  if (counted.kind === "turn") return <TurnClock room={room} clockSkew={clockSkew} />;
  const name = seatName(membersBySeat(room), counted.seat);
  return (
    <span class="countdown"> · {left === null ? t("table.standin_now", { name }) : t("table.standin", { name, n: left })}</span>
  );
}

/** The turn timer (re-rendered by the countdown above). Screen readers are not told every second (`role="timer"`
 * is not live); the banner around it says whose turn it is. */
function TurnClock({ room, clockSkew }: { room: RoomFrame; clockSkew: number }) {
  const clock = turnClock(room, Date.now() / 1000, clockSkew);
  if (!clock) return null;
  const text = clock.left === null ? t("upkeep.turn_out") : t("upkeep.turn_left", { n: clock.left });
  if (!clock.mine) return <span class="countdown turn-clock-other" role="timer"> · {text}</span>;
  const urgent = clock.left === null || clock.left <= 5;
  return (
    <>
      {" "}
      <span class={`turn-clock${urgent ? " urgent" : ""}`} role="timer">{text}</span>
      <span class="turn-clock-bar" aria-hidden="true" style={{ width: `${(clock.share * 100).toFixed(1)}%` }} />
    </>
  );
}
