/**
 * After a game: the ranking (Color Match: cards left; Color Rows: scores with their breakdown), win counts, the
 * room's past games, and the host's もう一回 / ロビーに戻る.
 */
import { app, roomAction } from "../app";
import type { ColorRowsScore, ColorRowsView } from "../games/color-rows/view";
import type { ColorMatchView } from "../games/color-match/view";
import { RowCard } from "../games/color-rows/RowCard";
import { rowCardName } from "../games/color-rows/cards";
import { membersBySeat, seatName } from "../games/seats";
import { t } from "../i18n";
import type { RoomFrame } from "../net/protocol";
import { useStore } from "../store";
import { gameName } from "./names";

/** Ranks with ties shared: `rank([5, 3, 3, 1], desc)` → `[1, 2, 2, 4]`. */
function ranks(values: number[]): number[] {
  return values.map((value) => values.findIndex((other) => other === value) + 1);
}

export function Results({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  const game = room.game!;
  return (
    <section class="card-panel results" aria-labelledby="results-title">
      <h2 id="results-title">{t("results.title", { n: game.number })}</h2>
      {game.id === "color-match"
        ? <ColorMatchRanking view={game.view as unknown as ColorMatchView} room={room} />
        : <ColorRowsRanking view={game.view as unknown as ColorRowsView} room={room} />}
      {room.you.host ? (
        <div class="button-row">
          <button class="button primary big" disabled={!!busy} onClick={() => roomAction("rematch")}>{t("results.rematch")}</button>
          <button class="button" disabled={!!busy} onClick={() => roomAction("to_lobby")}>{t("results.to_lobby")}</button>
        </div>
      ) : (
        <p class="muted">{t("results.waiting_host")}</p>
      )}
      <h3>{t("results.history")}</h3>
      <ol class="history">
        {room.history.map((entry) => {
          const winners = entry.winners.map((id) => room.members.find((m) => m.member === id)?.name ?? "?");
          return (
            <li>
              {t("results.history_entry", {
                n: entry.number,
                game: gameName(entry.game),
                names: winners.join("・") || t("results.nobody"),
                cards: entry.cards_played,
              })}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function ColorMatchRanking({ view, room }: { view: ColorMatchView; room: RoomFrame }) {
  const seats = membersBySeat(room);
  const ranking = view.result?.ranking ?? [];
  const places = ranks(ranking.map(([, left]) => left));
  return (
    <ol class="ranking">
      {ranking.map(([seat, left], i) => (
        <li class={seat === view.result?.winner ? "winner" : ""}>
          <span class="place">{t("results.place", { n: places[i] })}</span>
          <span class="ranking-name">{seatName(seats, seat)}</span>
          <span>{seat === view.result?.winner ? t("results.went_out") : t("results.cards_left", { n: left })}</span>
          <span class="muted">{t("table.wins", { n: seats.get(seat)?.wins ?? 0 })}</span>
        </li>
      ))}
    </ol>
  );
}

function ColorRowsRanking({ view, room }: { view: ColorRowsView; room: RoomFrame }) {
  const seats = membersBySeat(room);
  const scores = [...(view.result?.scores ?? [])].sort((a, b) => b.total - a.total);
  const places = ranks(scores.map((score) => -score.total));
  return (
    <ol class="ranking">
      {scores.map((score, i) => (
        <li class={view.result?.winners.includes(score.seat) ? "winner" : ""}>
          <span class="place">{t("results.place", { n: places[i] })}</span>
          <span class="ranking-name">{seatName(seats, score.seat)}</span>
          <b>{t("results.points", { n: score.total })}</b>
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
      <ul class="plain breakdown-colors" aria-label={t("results.plus_colors")}>{score.plus.map((c) => line(c, "plus"))}</ul>
      {score.minus.length > 0 && (
        <ul class="plain breakdown-colors" aria-label={t("results.minus_colors")}>{score.minus.map((c) => line(c, "minus"))}</ul>
      )}
      {score.jokers.map((joker) => (
        <p class="muted">{t("results.joker_as", { card: rowCardName(joker.card), color: rowCardName(joker.color) })}</p>
      ))}
      {score.plus2 > 0 && <p class="muted">{t("results.plus2", { n: score.plus2 })}</p>}
    </div>
  );
}
