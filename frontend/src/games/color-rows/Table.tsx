/**
 * The Color Rows table, on one screen: everyone's score along the top (their collections one tap away), whose
 * turn it is, the card just turned up, the rows with their cards and free places, and your own collection.
 */
import { useState } from "preact/hooks";
import { currentLang, t } from "../../i18n";
import { memo } from "../../ui/logic/memo";
import { CoachTip } from "../../ui/parts/CoachTip";
import { RuleChip } from "../../ui/parts/RuleHelp";
import { SeatName } from "../../ui/parts/SeatName";
import { Sheet } from "../../ui/parts/Sheet";
import { StandIn } from "../../ui/parts/StandIn";
import { marksHost, membersBySeat, seatName, type PlainSeat } from "../seats";
import type { RoomFrame } from "../../net/protocol";
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

/** A seat's name, with "(you)" on one's own. */
const playerName = (view: ColorRowsView, seats: ReturnType<typeof membersBySeat>, seat: number): string =>
  seatName(seats, seat) + (seat === view.seat ? ` (${t("table.you")})` : "");

interface PlayerChipProps extends PlainSeat {
  score: number;
  out: boolean;
}

/** The props of each player's chip along the top, in seat order: plain values, equal when nothing of it changed. */
export function playerChips(room: RoomFrame): PlayerChipProps[] {
  const view = room.game!.view as unknown as ColorRowsView;
  const seats = membersBySeat(room);
  return view.players.map((player) => {
    const member = seats.get(player.seat);
    return {
      seat: player.seat, name: playerName(view, seats, player.seat),
      picture: member?.avatar?.picture, color: member?.avatar?.color, host: marksHost(room, member),
      current: player.seat === view.current, score: player.score, out: player.out, lang: currentLang(),
    };
  });
}

/** A player's chip: redrawn only when something of it changed (memo). */
const PlayerChip = memo(function PlayerChip({ seat, name, picture, color, host, current, score, out }: PlayerChipProps) {
  return (
    <li class={`cr-player${current ? " current" : ""}${out ? " out" : ""}`} data-seat={seat} aria-current={current ? "true" : undefined}>
      <SeatName name={name} avatar={picture && color ? { picture, color } : undefined} host={host} current={current} />
      <span class="cr-score">
        <span class="wide">{tr("score_now", { n: score })}</span>
        <span class="narrow" aria-hidden="true">{score}</span>
      </span>
      {/* Always there, hidden until the seat is out: its line is kept, so the strip never grows mid-round. */}
      <span class={`badge${out ? "" : " cr-not-out"}`} aria-hidden={out ? undefined : "true"}>
        <span class="wide">{tr("out")}</span>
        <span class="narrow" aria-hidden="true">{tr("out_short")}</span>
      </span>
    </li>
  );
});

interface RowProps {
  index: number;
  capacity: number;
  /** The row's cards, space-separated (a plain value, for memo). */
  cards: string;
  /** The name of who took the row, or null while it is open. */
  takenBy: string | null;
  /** What this phone may do with the row now. */
  action: "place" | "take" | null;
  busy: boolean;
  act: TableProps["act"];
  lang: string;
}

/** The props of each row, in order: plain values, equal when nothing of the row changed. */
export function rowsOf(room: RoomFrame, busy: boolean, act: TableProps["act"]): RowProps[] {
  const view = room.game!.view as unknown as ColorRowsView;
  const seats = membersBySeat(room);
  return view.rows.map((row, index) => ({
    index, capacity: row.capacity, cards: row.cards.join(" "),
    takenBy: row.taken_by === null ? null : seatName(seats, row.taken_by),
    action: rowMove(view, "place", index) ? "place" : rowMove(view, "take", index) ? "take" : null,
    busy, act, lang: currentLang(),
  }));
}

/** One row with its cards, free places and what can be done with it: redrawn only when it changed (memo). */
const Row = memo(function Row({ index, capacity, cards, takenBy, action, busy, act }: RowProps) {
  const codes = cards ? cards.split(" ") : [];
  return (
    <li class={`cr-row${takenBy !== null ? " taken" : ""}${action === "place" ? " placeable" : ""}`} data-anchor={`row-${index}`}>
      <RuleChip class="cr-row-label" entry={help.entry("rows")}>{tr("row", { n: index + 1 })}</RuleChip>
      <span class="cr-slots">
        {Array.from({ length: capacity }, (_, slot) =>
          // Keyed by place: a card put down replaces its place's outline where it is (unkeyed, Preact would move
          // the next outline's node there, and the browser counts that as a layout shift).
          codes[slot] ? <RowCard key={slot} code={codes[slot]} /> : <span key={slot} class="cr-slot" aria-hidden="true" />,
        )}
      </span>
      {takenBy !== null ? (
        <span class="cr-taken">{tr("taken_by", { name: takenBy })}</span>
      ) : action === "place" ? (
        <button class="button primary small" disabled={busy} onClick={() => act({ type: "place", row: index })}
          aria-label={tr("place_on", { n: index + 1 })}>{tr("place")}</button>
      ) : action === "take" ? (
        <button class="button small" disabled={busy} onClick={() => act({ type: "take", row: index })}
          aria-label={tr("take_row", { n: index + 1 })}>{tr("take")}</button>
      ) : null}
    </li>
  );
});

export function Table({ room, busy, act, log, clockSkew, coach }: TableProps) {
  const view = room.game!.view as unknown as ColorRowsView;
  const seats = membersBySeat(room);
  const [others, setOthers] = useState(false);
  const myTurn = view.seat !== null && view.current === view.seat && !view.result;
  const draw = view.legal.find((m) => m.type === "draw");
  const me = view.players.find((player) => player.seat === view.seat);
  const name = (player: Player) => playerName(view, seats, player.seat);

  const othersButton = (
    <button class="button small cr-others-button" aria-haspopup="dialog" onClick={() => setOthers(true)}>{tr("others")}</button>
  );

  return (
    <div class={`table cr-table rows-${view.rows.length}`} data-anchor="stage">
      <ul class="cr-players" aria-label={tr("players")}>
        {playerChips(room).map((chip) => <PlayerChip key={chip.seat} {...chip} />)}
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
          {/* One place for the button or who turned the card up, of the button's height either way. */}
          <div class="cr-play-action">
            {view.drawn ? (
              <span class="cr-drawn-by">{tr("drawn", { name: seatName(seats, view.current) })}</span>
            ) : (
              !view.result && (
                <button class="button primary" data-anchor="draw" disabled={!draw || busy} onClick={() => draw && act(draw)}>
                  {tr("draw")}
                </button>
              )
            )}
          </div>
          <span class="cr-status">
            {/* The last round's flag takes the round's place (a third chip would wrap onto a line of its own). */}
            {view.last_round
              ? <RuleChip class="chip warn" entry={help.entry("last_round")}>⚑ {tr("last_round")}</RuleChip>
              : <RuleChip entry={help.entry("round")}>{tr("round", { n: view.round })}</RuleChip>}
            <RuleChip entry={help.entry("supply")} label={tr("supply", { n: view.supply })}>🂠 {view.supply}</RuleChip>
          </span>
        </div>
      </div>

      <ol class="cr-rows" aria-label={tr("rows")}>
        {rowsOf(room, busy, act).map((row) => <Row key={row.index} {...row} />)}
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
