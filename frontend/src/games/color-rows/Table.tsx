/**
 * The Color Rows table, on one screen: everyone's score along the top (their collections one tap away), whose
 * turn it is, the card just turned up, the rows with their cards and free places, and your own collection.
 */
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { CoachTip } from "../../ui/parts/CoachTip";
import { RuleChip } from "../../ui/parts/RuleHelp";
import { SeatName } from "../../ui/parts/SeatName";
import { Sheet } from "../../ui/parts/Sheet";
import { StandIn } from "../../ui/parts/StandIn";
import { marksHost, membersBySeat, seatName } from "../seats";
import type { TableProps } from "../types";
import { COLLECTION_ORDER } from "./cards";
import { help } from "./help";
import { tr } from "./i18n";
import { RowCard } from "./RowCard";
import { coachTip, rowMove, type ColorRowsView } from "./view";

type Player = ColorRowsView["players"][number];

/** A player's cards by colour (then jokers and +2), as counted chips; "まだ札なし" when there are none. */
function Collection({ player }: { player: Player }) {
  const codes = COLLECTION_ORDER.filter((code) => player.cards[code]);
  return (
    <span class="cr-collection">
      {codes.map((code) => <RowCard code={code} count={player.cards[code]} size="chip" />)}
      {!codes.length && <span class="muted">{tr("no_cards")}</span>}
    </span>
  );
}

export function Table({ room, busy, act, log, clockSkew, coach }: TableProps) {
  const view = room.game!.view as unknown as ColorRowsView;
  const seats = membersBySeat(room);
  const [others, setOthers] = useState(false);
  const myTurn = view.seat !== null && view.current === view.seat && !view.result;
  const draw = view.legal.find((m) => m.type === "draw");
  const me = view.players.find((player) => player.seat === view.seat);
  const name = (player: Player) => seatName(seats, player.seat) + (player.seat === view.seat ? ` (${t("table.you")})` : "");

  const othersButton = (
    <button class="button small cr-others-button" aria-haspopup="dialog" onClick={() => setOthers(true)}>{tr("others")}</button>
  );

  return (
    <div class={`table cr-table rows-${view.rows.length}`} data-anchor="stage">
      <ul class="cr-players" aria-label={tr("players")}>
        {view.players.map((player) => (
          <li class={`cr-player${player.seat === view.current ? " current" : ""}${player.out ? " out" : ""}`}
            data-seat={player.seat} aria-current={player.seat === view.current ? "true" : undefined}>
            <SeatName name={name(player)} avatar={seats.get(player.seat)?.avatar} host={marksHost(room, seats.get(player.seat))}
              current={player.seat === view.current} />
            <span class="cr-score">{tr("score_now", { n: player.score })}</span>
            {player.out && <span class="badge">{tr("out")}</span>}
          </li>
        ))}
      </ul>

      {!view.result && (
        <p class={`turn-banner${myTurn ? " mine" : ""}`} role="status" aria-live="polite">
          {myTurn
            ? tr(view.drawn ? "prompt_place" : "prompt_turn")
            : view.current !== null ? t("table.their_turn", { name: seatName(seats, view.current) }) : ""}
          <StandIn room={room} clockSkew={clockSkew} />
        </p>
      )}

      <div class="cr-play">
        <span class="cr-drawn" data-anchor="drawn">
          {view.drawn ? <RowCard code={view.drawn} size="big" /> : <span class="cr-card cr-big cr-back" aria-hidden="true" />}
        </span>
        <div class="cr-play-side">
          {view.drawn ? (
            <span class="cr-drawn-by">{tr("drawn", { name: seatName(seats, view.current) })}</span>
          ) : (
            !view.result && (
              <button class="button primary" data-anchor="draw" disabled={!draw || busy} onClick={() => draw && act(draw)}>
                {tr("draw")}
              </button>
            )
          )}
          <span class="cr-status">
            <RuleChip entry={help.entry("round")}>{tr("round", { n: view.round })}</RuleChip>
            <RuleChip entry={help.entry("supply")} label={tr("supply", { n: view.supply })}>🂠 {view.supply}</RuleChip>
            {view.last_round && <RuleChip class="chip warn" entry={help.entry("last_round")}>⚑ {tr("last_round")}</RuleChip>}
          </span>
        </div>
      </div>

      <ol class="cr-rows" aria-label={tr("rows")}>
        {view.rows.map((row, index) => {
          const place = rowMove(view, "place", index);
          const take = rowMove(view, "take", index);
          return (
            <li class={`cr-row${row.taken_by !== null ? " taken" : ""}${place ? " placeable" : ""}`} data-anchor={`row-${index}`}>
              <RuleChip class="cr-row-label" entry={help.entry("rows")}>{tr("row", { n: index + 1 })}</RuleChip>
              <span class="cr-slots">
                {Array.from({ length: row.capacity }, (_, slot) =>
                  row.cards[slot] ? <RowCard code={row.cards[slot]} /> : <span class="cr-slot" aria-hidden="true" />,
                )}
              </span>
              {row.taken_by !== null ? (
                <span class="cr-taken">{tr("taken_by", { name: seatName(seats, row.taken_by) })}</span>
              ) : place ? (
                <button class="button primary small" disabled={busy} onClick={() => act(place)}
                  aria-label={tr("place_on", { n: index + 1 })}>{tr("place")}</button>
              ) : take ? (
                <button class="button small" disabled={busy} onClick={() => act(take)}
                  aria-label={tr("take_row", { n: index + 1 })}>{tr("take")}</button>
              ) : null}
            </li>
          );
        })}
      </ol>

      <CoachTip tip={coach && myTurn ? coachTip(view) : null} version={room.version}>{log}</CoachTip>

      {me && (
        <section class="cr-mine" data-anchor="mine" aria-label={tr("mine")}>
          <RuleChip class="cr-mine-title" entry={help.entry("three_colors")}>{tr("mine")}</RuleChip>
          <Collection player={me} />
          {othersButton}
        </section>
      )}
      {!me && othersButton}

      {others && (
        <Sheet title={tr("others")} class="cr-others" onClose={() => setOthers(false)}>
          <button class="button secondary wide" onClick={() => setOthers(false)}>{t("common.close")}</button>
          <ul class="plain cr-others-list">
            {view.players.map((player) => (
              <li class={`cr-other${player.out ? " out" : ""}`}>
                <div class="cr-player-head">
                  <b>{name(player)}</b>
                  {player.out && <span class="badge">{tr("out")}</span>}
                  <span class="muted">{t("table.wins", { n: seats.get(player.seat)?.wins ?? 0 })}</span>
                  <span class="cr-score">{tr("score_now", { n: player.score })}</span>
                </div>
                <Collection player={player} />
              </li>
            ))}
          </ul>
        </Sheet>
      )}
    </div>
  );
}
