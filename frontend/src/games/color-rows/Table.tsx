/**
 * The Color Rows table: the rows with their cards and free places, the card just turned up, every player's
 * collection by colour (public), who is out this round, the last-round mark and the supply count.
 */
import { move } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { GameLog } from "../../ui/GameLog";
import { useCountdown } from "../../ui/useCountdown";
import { membersBySeat, seatName } from "../seats";
import { ROW_COLORS } from "./cards";
import { RowCard } from "./RowCard";
import { rowMove, type ColorRowsView } from "./view";

const COLLECTION_ORDER = [...ROW_COLORS, "joker", "gold", "plus2"];

export function ColorRowsTable({ room, busy }: { room: RoomFrame; busy: boolean }) {
  const view = room.game!.view as unknown as ColorRowsView;
  const seats = membersBySeat(room);
  const myTurn = view.seat !== null && view.current === view.seat && !view.result;
  const draw = view.legal.find((m) => m.type === "draw");
  const deadline = room.game?.deadline;
  const countdown = useCountdown(deadline?.kind === "standin" ? deadline.at : null);

  return (
    <div class="table cr-table">
      <div class="cr-status">
        <span class="chip">{t("cr.round", { n: view.round })}</span>
        <span class="chip" aria-label={t("cr.supply", { n: view.supply })}>🂠 {view.supply}</span>
        {view.last_round && <span class="chip warn">⚑ {t("cr.last_round")}</span>}
      </div>

      {!view.result && <p class={`turn-banner${myTurn ? " mine" : ""}`} role="status" aria-live="polite">
        {myTurn
          ? t(view.drawn ? "cr.prompt_place" : "cr.prompt_turn")
          : view.current !== null ? t("table.their_turn", { name: seatName(seats, view.current) }) : ""}
        {countdown !== null && deadline && (
          <span class="countdown"> · {t("table.standin", { name: seatName(seats, deadline.seat), n: countdown })}</span>
        )}
      </p>}

      {!view.result && <div class="cr-drawn">
        {view.drawn ? (
          <>
            <RowCard code={view.drawn} size="big" />
            <span>{t("cr.drawn", { name: seatName(seats, view.current) })}</span>
          </>
        ) : (
          <button class="button primary" disabled={!draw || busy} onClick={() => draw && move(draw)}>
            {t("cr.draw")}
          </button>
        )}
      </div>}

      <ol class="cr-rows" aria-label={t("cr.rows")}>
        {view.rows.map((row, index) => {
          const place = rowMove(view, "place", index);
          const take = rowMove(view, "take", index);
          return (
            <li class={`cr-row${row.taken_by !== null ? " taken" : ""}${place ? " placeable" : ""}`}>
              <span class="cr-row-label">{t("cr.row", { n: index + 1 })}</span>
              <span class="cr-slots">
                {Array.from({ length: row.capacity }, (_, slot) =>
                  row.cards[slot] ? <RowCard code={row.cards[slot]} /> : <span class="cr-slot" aria-hidden="true" />,
                )}
              </span>
              {row.taken_by !== null ? (
                <span class="cr-taken">{t("cr.taken_by", { name: seatName(seats, row.taken_by) })}</span>
              ) : place ? (
                <button class="button primary small" disabled={busy} onClick={() => move(place)}
                  aria-label={t("cr.place_on", { n: index + 1 })}>{t("cr.place")}</button>
              ) : take ? (
                <button class="button small" disabled={busy} onClick={() => move(take)}
                  aria-label={t("cr.take_row", { n: index + 1 })}>{t("cr.take")}</button>
              ) : null}
            </li>
          );
        })}
      </ol>

      <ul class="cr-players" aria-label={t("table.players")}>
        {view.players.map((player) => {
          const member = seats.get(player.seat);
          return (
            <li class={`cr-player${player.seat === view.current ? " current" : ""}${player.out ? " out" : ""}`}
              aria-current={player.seat === view.current ? "true" : undefined}>
              <div class="cr-player-head">
                <span class="opponent-name">
                  {seatName(seats, player.seat)}
                  {player.seat === view.seat && ` (${t("table.you")})`}
                </span>
                {player.out && <span class="badge">{t("cr.out")}</span>}
                <span class="opponent-wins">{t("table.wins", { n: member?.wins ?? 0 })}</span>
                <span class="cr-score">{t("cr.score_now", { n: player.score })}</span>
              </div>
              <span class="cr-collection">
                {COLLECTION_ORDER.filter((code) => player.cards[code]).map((code) => (
                  <RowCard code={code} count={player.cards[code]} size="chip" />
                ))}
                {!Object.values(player.cards).some(Boolean) && <span class="muted">{t("cr.no_cards")}</span>}
              </span>
            </li>
          );
        })}
      </ul>

      <GameLog room={room} />
    </div>
  );
}
