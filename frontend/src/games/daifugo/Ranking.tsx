/** A finished 大富豪 game: everyone by total points, each with the title and points of every round. */
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { ranks } from "../ranks";
import { membersBySeat, SeatFace, seatName } from "../seats";
import { td } from "./i18n";
import { titleName, titlesFor, type DaifugoView } from "./view";

export function Ranking({ room }: { room: RoomFrame }) {
  const view = room.game!.view as unknown as DaifugoView;
  const seats = membersBySeat(room);
  const result = view.result;
  const ranking = result?.ranking ?? [];
  const places = ranks(ranking.map(([, total]) => -total));
  const titles = titlesFor(view.players.length);
  return (
    <ol class="ranking df-ranking">
      {ranking.map(([seat, total], i) => {
        const score = result?.scores.find((s) => s.seat === seat);
        return (
          <li class={result?.winners.includes(seat) ? "winner" : ""}>
            <span class="place">{t("results.place", { n: places[i] })}</span>
            <span class="ranking-name"><SeatFace seats={seats} seat={seat} />{seatName(seats, seat)}</span>
            <b>{td("points", { n: total })}</b>
            <span class="muted">{t("table.wins", { n: seats.get(seat)?.wins ?? 0 })}</span>
            <ol class="df-rounds" aria-label={td("rounds_of", { name: seatName(seats, seat) })}>
              {(score?.places ?? []).map((place, round) => (
                <li>
                  <span class="df-round-number">{td("round_short", { n: round + 1 })}</span>
                  <span class={`df-title df-title-${titles[place - 1]}`}>{titleName(titles[place - 1])}</span>
                  <span class="df-round-points">+{score?.points[round] ?? 0}</span>
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}
