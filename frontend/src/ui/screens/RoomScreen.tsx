/** Inside a room: the lobby, or the table of the game being played (with the results over it once it is over), the
 * question whether to leave (Back, or ⚙), and the people of the room over the table (⚙). */
import { useLayoutEffect, useRef } from "preact/hooks";
import { app, coachOn, move, setSortHand } from "../../app";
import { gameOf, useGame } from "../../games";
import { currentLang, t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { Watching } from "../parts/Away";
import { GameLog } from "../parts/GameLog";
import { LeaveSheet } from "../parts/LeaveSheet";
import { StillThere } from "../parts/StillThere";
import { lobbyScreen, peopleSheet, resultsPanel } from "./onDemand";

export function RoomScreen({ room }: { room: RoomFrame }) {
  const { leaving, people } = useStore(app);
  return (
    <>
      <RoomPhase room={room} />
      {people && room.phase === "playing" && <peopleSheet.Component room={room} />}
      {leaving && <LeaveSheet room={room} from={leaving} />}
    </>
  );
}

function RoomPhase({ room }: { room: RoomFrame }) {
  const { busy, pending, log, clockSkew, sortHand, coach, counter } = useStore(app);
  const game = useGame(room.game?.id);
  const main = useRef<HTMLElement>(null);
  const finished = room.phase === "finished";
  // Under the results the table is a picture of how the game ended: nothing on it is reached by Tab or a tap.
  useLayoutEffect(() => void main.current?.querySelector(":scope > .table")?.toggleAttribute("inert", finished));
  if (room.phase === "lobby" || !room.game) return <lobbyScreen.Component room={room} />;
  const Table = game?.Table;
  return (
    <main ref={main} class={`screen game ${room.game.id}${finished ? " over" : ""}`} data-phase={room.phase} data-version={room.version}
      aria-busy={!!pending}>
      <Watching room={room} />
      {room.phase === "playing" && <StillThere room={room} clockSkew={clockSkew} />}
      {finished && <resultsPanel.Component room={room} />}
      {Table ? (
        <Table room={room} busy={!!busy || !!pending || room.phase !== "playing"} pending={pending} act={move}
          log={<GameLog log={log} room={room.code} lang={currentLang()} />} clockSkew={clockSkew} sortHand={sortHand} setSortHand={setSortHand}
          coach={coachOn(coach)} counter={counter} />
      )
        : gameOf(room.game.id) ? <div class="table-loading" aria-busy="true" /> : <p class="callout">{t("error.unknown_game")}</p>}
    </main>
  );
}
