/** Inside a room: the lobby, or the table of the game being played (with the results once it is over). */
import { app } from "../app";
import { ColorMatchTable } from "../games/color-match/Table";
import { ColorRowsTable } from "../games/color-rows/Table";
import { t } from "../i18n";
import type { RoomFrame } from "../net/protocol";
import { useStore } from "../store";
import { Lobby } from "./Lobby";
import { Results } from "./Results";

export function RoomScreen({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  if (room.phase === "lobby" || !room.game) return <Lobby room={room} />;
  const Table = room.game.id === "color-rows" ? ColorRowsTable : ColorMatchTable;
  return (
    <main class={`screen game ${room.game.id}`} data-phase={room.phase} data-version={room.version}>
      {room.you.spectator && <p class="callout">{t("table.spectating")}</p>}
      {room.phase === "finished" && <Results room={room} />}
      <Table room={room} busy={!!busy || room.phase !== "playing"} />
    </main>
  );
}
