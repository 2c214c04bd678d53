/** A finished Color Match game: who went out, then everyone by cards left (fewest first), with their wins. */
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { ranks } from "../ranks";
import { membersBySeat, SeatFace, seatName } from "../seats";
import { tc } from "./i18n";
import type { ColorMatchView } from "./view";

export function Ranking({ room }: { room: RoomFrame }) {
  const view = room.game!.view as unknown as ColorMatchView;
  const seats = membersBySeat(room);
  const ranking = view.result?.ranking ?? [];
  const places = ranks(ranking.map(([, left]) => left));
  return (
    <ol class="ranking">
      {ranking.map(([seat, left], i) => (
        <li class={seat === view.result?.winner ? "winner" : ""}>
          <span class="place">{t("results.place", { n: places[i] })}</span>
          <span class="ranking-name"><SeatFace seats={seats} seat={seat} />{seatName(seats, seat)}</span>
          <span>{seat === view.result?.winner ? tc("went_out") : tc("cards_left", { n: left })}</span>
          <span class="muted">{t("table.wins", { n: seats.get(seat)?.wins ?? 0 })}</span>
        </li>
      ))}
    </ol>
  );
}
