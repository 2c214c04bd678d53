/** A finished Color Rows game: everyone by score, each with the breakdown that adds up to it. */
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { ranks } from "../ranks";
import { membersBySeat, SeatFace, seatName } from "../seats";
import { rowCardName } from "./cards";
import { tr } from "./i18n";
import { RowCard } from "./RowCard";
import type { ColorRowsScore, ColorRowsView } from "./view";

export function Ranking({ room }: { room: RoomFrame }) {
  const view = room.game!.view as unknown as ColorRowsView;
  const seats = membersBySeat(room);
  const scores = [...(view.result?.scores ?? [])].sort((a, b) => b.total - a.total);
  const places = ranks(scores.map((score) => -score.total));
  return (
    <ol class="ranking">
      {scores.map((score, i) => (
        <li class={view.result?.winners.includes(score.seat) ? "winner" : ""}>
          <span class="place">{t("results.place", { n: places[i] })}</span>
          <span class="ranking-name"><SeatFace seats={seats} seat={score.seat} />{seatName(seats, score.seat)}</span>
          <b>{tr("points", { n: score.total })}</b>
          <span class="muted">{t("table.wins", { n: seats.get(score.seat)?.wins ?? 0 })}</span>
          <Breakdown score={score} />
        </li>
      ))}
    </ol>
  );
}

/** Plus colours, minus colours, the jokers' colours and the +2 cards, adding up to the total. */
function Breakdown({ score }: { score: ColorRowsScore }) {
  const line = (color: string, sign: "plus" | "minus") => (
    <li class={`breakdown-${sign}`}>
      <RowCard code={color} count={score.counts[color]} size="chip" />
      <span>{score.points[color] > 0 ? "+" : ""}{score.points[color]}</span>
    </li>
  );
  return (
    <div class="breakdown">
      <ul class="plain breakdown-colors" aria-label={tr("plus_colors")}>{score.plus.map((c) => line(c, "plus"))}</ul>
      {score.minus.length > 0 && (
        <ul class="plain breakdown-colors" aria-label={tr("minus_colors")}>{score.minus.map((c) => line(c, "minus"))}</ul>
      )}
      {score.jokers.map((joker) => (
        <p class="muted">{tr("joker_as", { card: rowCardName(joker.card), color: rowCardName(joker.color) })}</p>
      ))}
      {score.plus2 > 0 && <p class="muted">{tr("plus2", { n: score.plus2 })}</p>}
    </div>
  );
}
