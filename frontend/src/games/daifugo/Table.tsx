/**
 * The 大富豪 table, on one screen: the other players across the top in seat order from yours (each with their
 * title, cards left, a pass or their place), the field in the middle with the marks in force (革命, 11バック,
 * 縛り, the order of strength), what you can do now, and your hand docked at the bottom. Cards are picked, not
 * played, by a tap: only the cards that can join a legal play rise, and the button says what the picked cards
 * make (「5 ×2 を出す」); when they make several plays (a set and sequences) it asks which. In the exchange the
 * same hand picks the cards to give, and the field shows the cards given and received.
 */
import { useEffect, useState } from "preact/hooks";
import { currentLang, t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { memo, useStable } from "../../ui/logic/memo";
import { CoachTip } from "../../ui/parts/CoachTip";
import { RuleChip, SheetChip } from "../../ui/parts/RuleHelp";
import { Sheet } from "../../ui/parts/Sheet";
import { StandIn } from "../../ui/parts/StandIn";
import { SeatName } from "../../ui/parts/SeatName";
import { onDemand } from "../../ui/screens/onDemand";
import { marksHost, membersBySeat, othersFrom, seatName, type PlainSeat } from "../seats";
import type { TableProps } from "../types";
import { CardBack, CardFace } from "./CardFace";
import { cardName, cardsShort } from "./cards";
import { help } from "./help";
import { td } from "./i18n";
import {
  coachTip, fieldName, lockName, partnerOf, passMove, playName, readings, settle, shownTitle, tappable, titleName, toggle,
  turnHint,
  type CardMove, type DaifugoPlayer, type DaifugoView, type Title,
} from "./view";

/** The hand's indices less the cards of the move on its way (one copy each): they have left the hand. */
function withoutPending(hand: string[], pending: string[]): number[] {
  const gone = [...pending];
  return hand.map((_, i) => i).filter((i) => {
    const at = gone.indexOf(hand[i]);
    if (at < 0) return true;
    gone.splice(at, 1);
    return false;
  });
}

export function Table({ room, busy, pending, act, log, clockSkew, coach, counter }: TableProps) {
  const view = room.game!.view as unknown as DaifugoView;
  const seats = membersBySeat(room);
  const mine = view.seat;
  const hand = view.hand ?? [];
  // Picks are indices into the hand: they last while the hand does, and only those that still fit are kept (the
  // exchange goes on while you pick: another giver's move changes the room, not your choice).
  const [local, setLocal] = useState<{ hand: string; picked: number[]; choosing: boolean }>(
    { hand: "", picked: [], choosing: false });
  const [scores, setScores] = useState(false);
  const handKey = hand.join(" ");
  const picked = local.hand === handKey ? settle(view, hand, local.picked) : [];
  const choosing = local.hand === handKey && local.choosing;
  const setPicked = (next: number[], open = false) => setLocal({ hand: handKey, picked: next, choosing: open });

  const acting = mine !== null && view.legal.length > 0 && !view.result;
  const canAct = acting && !busy;
  const canTap = canAct ? tappable(view, hand, picked) : new Set<number>();
  const pickedCards = picked.map((i) => hand[i]);
  const options = canAct ? readings(view, pickedCards) : [];
  const pass = passMove(view);
  const received = new Set(view.exchange?.received ?? []);
  const shown = withoutPending(hand, pending?.cards ?? []);
  const me = mine === null ? null : view.players[mine];
  const myTitle = mine === null ? null : shownTitle(view, mine);
  const name = (seat: number | null | undefined) => seatName(seats, seat);

  function send(move: CardMove) {
    setPicked([]);
    const from = document.querySelector(".df-hand-card.selected");
    act(move, move.cards, from);
  }

  function tapCard(index: number) {
    if (!canAct) return;
    const next = toggle(view, hand, picked, index);
    if (next) setPicked(next);
  }
  const onTap = useStable(tapCard);
  useEffect(() => void (counter && counterSheet.preload()), [counter]);
  const others = seatsOf(room);

  return (
    <div class={`table df-table${view.phase === "exchange" ? " exchanging" : ""}`} data-anchor="stage">
      <ol class={`df-seats${others.some((seat) => seat.title) ? " titled" : ""}`} aria-label={t("table.players")}>
        {others.map((seat) => <Seat key={seat.seat} {...seat} />)}
      </ol>

      <section class="df-field" data-anchor="pile" aria-label={td("field_area")}>
        <div class="df-marks">
          <RuleChip class="chip df-round" entry={help.entry("rounds")}>{td("round", { n: view.round, of: view.rounds })}</RuleChip>
          <RuleChip class={`chip df-order${view.reversed ? " reversed" : ""}`} entry={help.entry("order")}>
            {td(view.reversed ? "order_reversed" : "order_normal")}
          </RuleChip>
          {view.revolution && <RuleChip class="chip warn df-mark" entry={help.entry("revolution")}>{td("mark_revolution")}</RuleChip>}
          {view.eleven_back && <RuleChip class="chip warn df-mark" entry={help.entry("eleven_back")}>{td("mark_eleven_back")}</RuleChip>}
          {view.lock && (
            <RuleChip class="chip df-mark df-lock" entry={help.entry("lock")}>{td("mark_lock", { suits: lockName(view.lock) })}</RuleChip>
          )}
        </div>
        {view.phase === "exchange" ? (
          <Exchange view={view} name={name} />
        ) : view.field ? (
          <div class="df-play" role="img" aria-label={td("field_now", { play: fieldName(view.field), name: name(view.field.by) })}>
            <span class="df-play-cards" style={{ "--count": Math.max(3, view.field.cards.length) }}>
              {view.field.cards.map((code) => <CardFace code={code} size="field" />)}
            </span>
            <span class="df-play-by">{td("played_by", { name: name(view.field.by) })}</span>
          </div>
        ) : (
          <p class="df-empty">{view.current !== null ? td("field_empty", { name: name(view.current) }) : ""}</p>
        )}
        {counter && view.phase !== "over" && (
          // In the felt's corner, out of the marks' line: a chip there wrapped it on a narrow field and shrank the cards.
          <SheetChip class="df-counter-mark" label={td("counter")} sheet={(close) => <counterSheet.Component view={view} onClose={close} />}>
            🧮
          </SheetChip>
        )}
      </section>

      {!view.result && (
        <p class={`turn-banner${acting ? " mine" : ""}`} role="status" aria-live="polite">
          {acting ? turnHint(view, pickedCards)
            : view.phase === "exchange" ? td("waiting_exchange")
              : view.current !== null ? t("table.their_turn", { name: name(view.current) }) : ""}
          <StandIn room={room} clockSkew={clockSkew} />
        </p>
      )}

      <CoachTip tip={coach && acting ? coachTip(view) : null} version={room.version}>{log}</CoachTip>

      <div class="actions" role="group" aria-label={t("table.actions")}>
        {picked.length > 0 && (
          <>
            <button class="button primary df-play-button" disabled={!canAct || !options.length}
              onClick={() => (options.length === 1 ? send(options[0]) : setPicked(picked, true))}>
              {options.length > 1 ? td("choose_play")
                : options[0]?.type === "give" ? td("give_cards", { n: pickedCards.length })
                  : td("play", { play: options.length ? playName(pickedCards, options[0].seq) : cardsShort(pickedCards) })}
            </button>
            <button class="button secondary" onClick={() => setPicked([])}>{td("clear_selection")}</button>
          </>
        )}
        {pass && (
          <button class="button df-pass" disabled={!canAct} onClick={() => act(pass)}>{td("pass")}</button>
        )}
      </div>

      {me && (
        <section class="df-hand-area" data-anchor="hand" aria-labelledby="df-hand-title">
          <div class="df-hand-head">
            <h2 id="df-hand-title" class="df-hand-title hand-words">
              <span class="whole">{td("hand_title", { n: shown.length })}</span>
              <span class="short" aria-hidden="true">{td("hand_title_short", { n: shown.length })}</span>
            </h2>
            {myTitle && <span class={`df-title df-title-${myTitle}`}>{titleName(myTitle)}</span>}
            {me.passed && <span class="badge">{td("passed")}</span>}
            <span class="df-my-score">{td("score_now", { n: me.score })}</span>
            <button class="df-scores-button" aria-haspopup="dialog" onClick={() => setScores(true)}>{td("scores")}</button>
          </div>
          {shown.length ? (
            <ul class={`df-hand${shown.length > 10 ? " two-rows" : ""}`}
              style={{ "--n": shown.length, "--half": Math.ceil(shown.length / 2) }}>
              {shown.map((index) => {
                const code = hand[index];
                // The key is the card and which copy of it: playing another card does not renumber (remount) the rest.
                const copy = hand.slice(0, index).filter((other) => other === code).length;
                return (
                  <HandCard key={`${code}.${copy}`} index={index} code={code} up={canTap.has(index)}
                    picked={acting ? picked.includes(index) : undefined} received={received.has(code)} onTap={onTap} lang={currentLang()} />
                );
              })}
            </ul>
          ) : (
            <p class="df-done">{me.out ? outText(me) : ""}</p>
          )}
        </section>
      )}

      {choosing && canAct && options.length > 1 && (
        <Sheet title={td("choose_play_title")} class="df-readings" onClose={() => setPicked(picked)}>
          {options.map((move) => (
            <button class="button primary wide" onClick={() => send(move)}>
              {td("play", { play: playName(move.cards, move.seq) })}
            </button>
          ))}
          <button class="button secondary wide" onClick={() => setPicked(picked)}>{t("common.close")}</button>
        </Sheet>
      )}

      {scores && (
        <Sheet title={td("scores_title")} class="df-scores" onClose={() => setScores(false)}>
          <button class="button secondary wide" onClick={() => setScores(false)}>{t("common.close")}</button>
          <Standings view={view} name={name} />
        </Sheet>
      )}
    </div>
  );
}

/** The card counter's sheet, a chunk of its own: fetched once the counter is switched on, most players never need it. */
const counterSheet = onDemand(() => import("./CounterSheet").then((module) => module.CounterSheet), () => null);

interface HandCardProps {
  /** Where the card is in the hand. */
  index: number;
  code: string;
  /** It can join a legal play (raised). */
  up: boolean;
  /** Picked for the play; undefined when this phone has nothing to do (not a toggle then). */
  picked: boolean | undefined;
  /** Received in the exchange. */
  received: boolean;
  /** A stable callback (useStable), so that a frame that changed nothing of the card does not redraw it. */
  onTap: (index: number) => void;
  lang: string;
}

/** A card of one's hand: redrawn only when something of it changed (memo); a room frame mostly changes a few. */
const HandCard = memo(function HandCard({ index, code, up, picked, received, onTap }: HandCardProps) {
  return (
    <li>
      <button class={`df-hand-card${up ? " up" : " dimmed"}${picked ? " selected" : ""}${received ? " received" : ""}`}
        aria-pressed={picked} aria-disabled={up ? undefined : "true"}
        aria-label={cardName(code) + (received ? ` (${td("received_mark")})` : "")}
        onClick={() => onTap(index)}>
        <CardFace code={code} />
      </button>
    </li>
  );
});

/** "1位で上がり" / "反則上がり（4位）" / "都落ち" */
function outText(player: DaifugoPlayer): string {
  if (player.out === "fallen") return td("out_fallen");
  if (player.out === "foul") return td("out_foul", { n: player.place ?? 0 });
  return td("out_finished", { n: player.place ?? 0 });
}

interface SeatProps extends PlainSeat {
  title: Title | null;
  cards: number;
  /** What they are at: out ("1位で上がり"…), passed, or nothing. */
  status: string;
  passed: boolean;
  out: DaifugoPlayer["out"];
  giving: boolean;
  away: boolean;
}

/** The props of the other players' seats, in order from yours: plain values, equal when nothing of a seat changed. */
export function seatsOf(room: RoomFrame): SeatProps[] {
  const view = room.game!.view as unknown as DaifugoView;
  const members = membersBySeat(room);
  return othersFrom(view.players.length, view.seat).map((seat) => {
    const player = view.players[seat];
    const member = members.get(seat);
    return {
      seat, name: seatName(members, seat), picture: member?.avatar?.picture, color: member?.avatar?.color,
      host: marksHost(room, member), title: shownTitle(view, seat), cards: player.cards,
      status: player.out ? outText(player) : player.passed ? td("passed") : "", passed: player.passed, out: player.out,
      current: seat === view.current, giving: view.phase === "exchange" && (view.exchange?.pending ?? []).includes(seat),
      away: member?.connected === false, lang: currentLang(),
    };
  });
}

/** Another player's seat: redrawn only when something of it changed (memo). */
const Seat = memo(function Seat({ seat, name, picture, color, host, title, cards, status, passed, out, current, giving, away }: SeatProps) {
  return (
    <li class={`df-seat${current ? " current" : ""}${passed ? " passed" : ""}${out ? " out" : ""}${away ? " away" : ""}`}
      data-seat={seat} aria-current={current ? "true" : undefined}>
      <SeatName class="df-seat-name" name={name} avatar={picture && color ? { picture, color } : undefined} host={host} current={current} />
      <span class="df-seat-line">
        {title && <span class={`df-title df-title-${title}`}>{titleName(title)}</span>}
        {/* A seat giving its cards in the exchange shows that in its count's place (the dealt count, about to
            change), as ⇄ where the seat is narrow: beside a title and the count, the words wrapped onto a line of
            their own, and the seats' row grew at the round's start. */}
        {!out && !giving && (
          <span class="df-count" aria-label={t("table.cards_held", { n: cards })}>
            <CardBack /><b>{cards}</b>
          </span>
        )}
        {status && <span class={`badge${out === "finished" ? " df-won" : out ? " warn" : ""}`}>{status}</span>}
        {giving && (
          <span class="badge next df-giving">
            <span class="wide">{td("giving")}</span>
            <span class="narrow" aria-hidden="true">⇄</span>
          </span>
        )}
      </span>
    </li>
  );
});

/** The exchange: what you gave and received (the forced cards of the poorer players included), or who is giving. */
function Exchange({ view, name }: { view: DaifugoView; name: (seat: number | null) => string }) {
  const exchange = view.exchange;
  const partner = partnerOf(view, view.seat);
  const row = (label: string, cards: string[]) => (
    <div class="df-exchange-row">
      <span class="df-exchange-label">{label}</span>
      <span class="df-exchange-cards" role="img" aria-label={`${label} ${cards.map(cardName).join("、")}`}>
        {cards.map((code) => <CardFace code={code} size="mini" />)}
      </span>
    </div>
  );
  const givers = (exchange?.pending ?? []).filter((seat) => seat !== view.seat);
  return (
    <div class="df-exchange">
      <h2 class="df-exchange-title">{td("exchange_title")}</h2>
      {exchange && exchange.received.length > 0 && row(td("received_from", { name: name(partner) }), exchange.received)}
      {exchange && exchange.given.length > 0 && row(td("given_to", { name: name(partner) }), exchange.given)}
      {partner === null && view.seat !== null && <p class="df-exchange-note">{td("no_exchange")}</p>}
      {givers.map((seat) => (
        <p class="df-exchange-note">{td("choosing_give", { name: name(seat), title: titleName(view.players[seat].title ?? "heimin") })}</p>
      ))}
    </div>
  );
}

/** Everyone's title, cards and points so far, and the last round's places. */
function Standings({ view, name }: { view: DaifugoView; name: (seat: number) => string }) {
  const order = [...view.players].sort((a, b) => b.score - a.score || a.seat - b.seat);
  const last = view.last_round;
  return (
    <table class="df-standings">
      <thead>
        <tr><th>{td("col_player")}</th><th>{td("col_title")}</th><th>{td("col_cards")}</th><th>{td("col_points")}</th></tr>
      </thead>
      <tbody>
        {order.map((player) => (
          <tr>
            <th>{name(player.seat)}{player.seat === view.seat ? ` (${t("table.you")})` : ""}</th>
            <td>{shownTitle(view, player.seat) ? titleName(shownTitle(view, player.seat)!) : "—"}</td>
            <td>{player.out ? outText(player) : player.cards}</td>
            <td>{player.score}{last ? ` (+${last.points[player.seat]})` : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
