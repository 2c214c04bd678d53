/**
 * The Color Match table, on one screen (seed 000): the other players across the top in fixed seat order with
 * the direction of play between them, the pile with the colour in effect in the middle, what you can do now,
 * and your hand docked at the bottom — sorted, the cards you can play raised and never covered.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { currentLang, t } from "../../i18n";
import { memo, useStable } from "../../ui/logic/memo";
import { useCountdown } from "../../ui/logic/useCountdown";
import { CoachTip } from "../../ui/parts/CoachTip";
import { Face } from "../../ui/parts/Face";
import { RuleChip, SheetChip } from "../../ui/parts/RuleHelp";
import { SeatName } from "../../ui/parts/SeatName";
import { onDemand } from "../../ui/screens/onDemand";
import { StandIn } from "../../ui/parts/StandIn";
import { marksHost, membersBySeat, othersFrom, seatName } from "../seats";
import type { TableProps } from "../types";
import { CardBack, CardFace } from "./CardFace";
import { cardName, colorName, type CardColor } from "./cards";
import { ColorPicker } from "./ColorPicker";
import { help } from "./help";
import { tc } from "./i18n";
import { Shape } from "./Shape";
import {
  callAhead, canPlayAlone, coachTip, findMove, handOrder, hasCompanions, isLegalSet, needsColor, orderForPlay, tap, tappable,
  turnHint, type ColorMatchView,
} from "./view";

interface OpponentProps {
  seat: number;
  name: string;
  /** Their face's picture and colour (plain values, for memo). */
  picture?: string;
  color?: string;
  host: boolean;
  cards: number;
  current: boolean;
  away: boolean;
  undeclared: boolean;
  /** The +2/+4 waiting on this player, or null. */
  penalty: number | null;
  next: boolean;
  wins: number;
  /** The language, so a switch redraws the row's words. */
  lang: string;
}

/** Another player's row: plain values only, so a frame that changed nothing of it does not redraw it (memo). */
const Opponent = memo(function Opponent({ seat, name, picture, color, host, cards, current, away, undeclared, penalty, next, wins }: OpponentProps) {
  return (
    <li class={`opponent${current ? " current" : ""}${away ? " away" : ""}`}
      data-seat={seat} aria-current={current ? "true" : undefined}>
      <SeatName name={name} avatar={picture && color ? { picture, color } : undefined} host={host} current={current} />
      <span class="opponent-cards" aria-label={t("table.cards_held", { n: cards })}>
        <CardBack size="mini" />
        <b>{cards}</b>
      </span>
      <span class="opponent-extra">
        <span class="opponent-wins">{t("table.wins", { n: wins })}</span>
        <span class="opponent-badges">
          {undeclared && <span class="badge warn">{tc("undeclared")}</span>}
          {penalty !== null && <span class="badge">+{penalty}</span>}
          {next && <span class="badge next">{t("table.next_mark")}</span>}
        </span>
      </span>
    </li>
  );
});

interface HandCardProps {
  /** Where the card is in the hand (the view's order) and where on screen (the shown order). */
  index: number;
  position: number;
  code: string;
  /** Playable now (raised), picked for a play, the card just drawn. */
  up: boolean;
  picked: boolean;
  drawn: boolean;
  /** Whether a tap picks it (for a play of several) rather than plays it: then it is a toggle (aria-pressed). */
  picks: boolean;
  /** Stable callbacks (useStable), so that a frame that changed nothing of the card does not redraw it. */
  onTap: (index: number, from: Element) => void;
  onFocusAt: (position: number) => void;
  lang: string;
}

/** A card of one's hand: redrawn only when something of it changed (memo); a room frame mostly changes a few. */
const HandCard = memo(function HandCard({ index, position, code, up, picked, drawn, picks, onTap, onFocusAt }: HandCardProps) {
  return (
    <li class={up ? "up" : undefined}>
      <button
        class={`hand-card${up ? " playable" : " dimmed"}${picked ? " selected" : ""}${drawn ? " drawn" : ""}`}
        aria-disabled={up ? undefined : "true"}
        aria-pressed={picks ? picked : undefined}
        aria-label={cardName(code) + (drawn ? ` (${tc("drawn_mark")})` : "")}
        onFocus={() => onFocusAt(position)}
        onClick={(e) => onTap(index, e.currentTarget)}>
        <CardFace code={code} />
      </button>
    </li>
  );
});

/** The card counter's sheet, a chunk of its own: fetched once the counter is switched on, most players never need it. */
const counterSheet = onDemand(() => import("./CounterSheet").then((module) => module.CounterSheet), () => null);

/** A play waiting for its colour: the cards ending in a Wild, and the card the player tapped. */
type Choosing = { cards: string[]; from: Element | null } | null;

/** The hand's indices less the cards of the move on its way (one copy each): they have left the hand. */
function withoutPending(hand: string[], order: number[], pending: string[]): number[] {
  const gone = [...pending];
  return order.filter((i) => {
    const at = gone.indexOf(hand[i]);
    if (at < 0) return true;
    gone.splice(at, 1);
    return false;
  });
}

export function Table({ room, busy, pending, act, log, clockSkew, sortHand, setSortHand, coach, counter }: TableProps) {
  const view = room.game!.view as unknown as ColorMatchView;
  const seats = membersBySeat(room);
  const mine = view.seat;
  // Half-made choices belong to the room version they were made on: a new version (the situation changed) starts
  // afresh, in the same render (the picks are indices into the old hand).
  const [local, setLocal] = useState<{ version: number; picked: number[]; choosing: Choosing }>(
    { version: room.version, picked: [], choosing: null });
  const fresh = local.version === room.version;
  const picked = fresh ? local.picked : [];
  const choosing = fresh ? local.choosing : null;
  const setPicked = (next: number[]) => setLocal({ version: room.version, picked: next, choosing: null });
  const setChoosing = (next: Choosing) => setLocal({ version: room.version, picked, choosing: next });

  const hand = view.hand ?? [];
  const myTurn = mine !== null && view.current === mine && !view.result;
  const chooseFirst = findMove(view, "choose_color");
  const draw = findMove(view, "draw");
  const pass = findMove(view, "pass");
  const accept = findMove(view, "accept");
  const challenge = findMove(view, "challenge");
  const declare = findMove(view, "declare");
  const callouts = view.legal.filter((m) => m.type === "callout");
  const ahead = callAhead(view, hand);
  const pickedCards = orderForPlay(view, picked.map((i) => hand[i]));
  const canTap = myTurn && !busy ? tappable(view, hand, picked) : new Set<number>();

  function play(cards: string[], from: Element | null) {
    if (needsColor(view, cards)) setChoosing({ cards, from });
    else {
      focus.handOver(from);
      act({ type: "play", cards }, cards, from);
    }
  }

  function tapCard(index: number, from: Element) {
    const result = myTurn && !busy ? tap(view, hand, picked, index) : null;
    if (!result) return;
    if ("play" in result) play(result.play, from);
    else setPicked(result.picked);
  }

  const order = othersFrom(view.players.length, mine);
  const next = view.next ?? null;
  const deadline = room.game?.deadline;
  const callLeft = useCountdown(deadline?.kind === "engine" ? deadline.at : null, clockSkew);
  const shown = withoutPending(hand, handOrder(hand, sortHand), pending?.cards ?? []);
  const drawnIndex = view.drawn ? hand.lastIndexOf(view.drawn) : -1;
  const raised = shown.filter((index) => canTap.has(index)).length;
  const handRef = useRef<HTMLUListElement>(null);
  const drawnCard = () => handRef.current?.querySelector(".hand-card.drawn") ?? null;
  const focus = useHandFocus(handRef, choosing !== null);
  const onTap = useStable(tapCard);
  useEffect(() => void (counter && counterSheet.preload()), [counter]);

  return (
    <div class="table cm-table" data-anchor="stage">
      <ol class={`opponents${view.direction === 1 ? "" : " ccw"}`} aria-label={t("table.players")}>
        {order.map((seat) => {
          const player = view.players.find((p) => p.seat === seat)!;
          const member = seats.get(seat);
          return (
            <Opponent key={seat} seat={seat} name={seatName(seats, seat)} picture={member?.avatar?.picture}
              color={member?.avatar?.color} host={marksHost(room, member)} cards={player.cards} current={seat === view.current}
              away={member?.connected === false} undeclared={player.uncalled ?? (player.cards === 1 && !player.declared)}
              penalty={view.pending && seat === view.current ? view.pending.draw : null} next={seat === next}
              wins={member?.wins ?? 0} lang={currentLang()} />
          );
        })}
      </ol>

      <section class="pile-area" aria-label={tc("pile_area")}>
        <button class="pile draw-pile" data-anchor="draw" disabled={!draw || busy} onClick={() => draw && act(draw)}
          aria-label={tc("draw_pile", { n: view.draw_pile })}>
          <CardBack />
          <span class="pile-count">{tc("pile_count", { n: view.draw_pile })}</span>
        </button>
        {counter && view.record ? (
          // With the card counter on, the discard pile (the cards played) opens it.
          <div class="discard-pile" data-anchor="pile">
            <SheetChip class="pile counter-pile" label={`${tc("top_card", { card: cardName(view.top) })}. ${tc("counter_title")}`}
              sheet={(close) => <counterSheet.Component view={view} others={order} name={(seat) => seatName(seats, seat)} onClose={close} />}>
              <CardFace code={view.top} size="pile" />
              <span class="counter-mark" aria-hidden="true">🧮</span>
            </SheetChip>
          </div>
        ) : (
          <div class="pile discard-pile" data-anchor="pile" role="img" aria-label={tc("top_card", { card: cardName(view.top) })}>
            <CardFace code={view.top} size="pile" />
          </div>
        )}
        <div class="pile-info">
          {view.color && (
            <div class={`current-color cm-${view.color}`} aria-label={tc("current_color", { color: colorName(view.color) })}>
              <Shape color={view.color} />
              <span>{colorName(view.color)}</span>
            </div>
          )}
          {view.color_before && (
            <RuleChip class={`current-color color-before cm-${view.color_before}`} entry={help.entry("color_before")}>
              <Shape color={view.color_before} />
              <span>{tc("color_before", { color: colorName(view.color_before) })}</span>
            </RuleChip>
          )}
          <div class="direction" aria-label={tc(view.direction === 1 ? "direction_cw" : "direction_ccw")}>
            <span class={`direction-arrow${view.direction === 1 ? "" : " flipped"}`} aria-hidden="true">↻</span>
            <span>{tc(view.direction === 1 ? "direction_cw" : "direction_ccw")}</span>
          </div>
        </div>
      </section>

      {!view.result && (
        <p class={`turn-banner${myTurn ? " mine" : ""}`} role="status" aria-live="polite">
          {myTurn ? turnHint(view, hand, picked)
            : view.current !== null ? t("table.their_turn", { name: seatName(seats, view.current) }) : ""}
          {next !== null && <>{" "}<span class="turn-next">· {t("table.next", { name: seatName(seats, next) })}</span></>}
          <StandIn room={room} clockSkew={clockSkew} />
        </p>
      )}

      <CoachTip tip={coach && myTurn ? coachTip(view, hand) : null} version={room.version}>{log}</CoachTip>

      <div class="actions" role="group" aria-label={t("table.actions")}>
        {view.drawn && canPlayAlone(view, view.drawn) && (
          <button class="button primary" disabled={busy} onClick={() => play([view.drawn!], drawnCard())}>
            {tc("play_drawn")}
          </button>
        )}
        {pass && <button class="button" disabled={busy} onClick={() => act(pass)}>{tc("keep_drawn")}</button>}
        {picked.length > 0 && (
          <>
            <button class="button primary play-selected" disabled={busy || !isLegalSet(view, pickedCards)}
              onClick={() => play(pickedCards, handRef.current?.querySelector(".hand-card.selected") ?? null)}>
              {pickedCards.length === 1
                ? tc("play_one", { card: cardName(pickedCards[0]) })
                : tc("play_many", { n: pickedCards.length, card: cardName(pickedCards[pickedCards.length - 1]) })}
            </button>
            <button class="button secondary" onClick={() => setPicked([])}>{tc("clear_selection")}</button>
          </>
        )}
        {accept && <button class="button" disabled={busy} onClick={() => act(accept)}>{tc("accept", { n: view.pending?.draw ?? 0 })}</button>}
        {challenge && <button class="button warn" disabled={busy} onClick={() => act(challenge)}>{tc("challenge")}</button>}
        {declare && (
          <button class="button call" disabled={busy} onClick={() => act(declare)}>
            {tc("last_card")}
            {callLeft !== null && <span class="call-timer"> {callLeft}</span>}
            {ahead !== null && <small class="call-why">{tc("call_ahead", { n: ahead })}</small>}
          </button>
        )}
        {callouts.map((callout) => (
          <button class="button warn" disabled={busy} onClick={() => act(callout)}>
            {callouts.length > 1
              ? tc("callout_named", { name: seatName(seats, callout.target as number) })
              : tc("callout")}
          </button>
        ))}
        {draw && picked.length === 0 && (
          <button class="button" disabled={busy} onClick={() => act(draw)}>
            {view.can_draw === false ? tc("cannot_draw") : tc("draw")}
          </button>
        )}
      </div>

      {mine !== null && (
        <section class="hand-area" data-anchor="hand" aria-labelledby="hand-title">
          <div class="hand-head">
            <Face avatar={seats.get(mine)?.avatar} name={seats.get(mine)?.name ?? "?"} ring={myTurn} />
            <h2 id="hand-title" class="hand-title hand-words">
              <span class="whole">{tc("hand_title", { n: hand.length })}</span>
              <span class="short" aria-hidden="true">{tc("hand_title_short", { n: hand.length })}</span>
            </h2>
            <span class="hand-wins">{t("table.wins", { n: seats.get(mine)?.wins ?? 0 })}</span>
            <button class={`sort-toggle${sortHand ? " on" : ""}`} aria-pressed={sortHand} aria-label={tc("sort")}
              onClick={() => setSortHand(!sortHand)}>
              {tc("sort_short")}
            </button>
          </div>
          <ul class={`hand${shown.length > 16 ? " crowded packed" : shown.length > 12 ? " crowded" : ""}`} ref={handRef}
            style={{ "--up": raised, "--down": shown.length - raised }} onFocusIn={focus.enter} onFocusOut={focus.leave}>
            {shown.map((index, position) => {
              const code = hand[index];
              // The key is the card and which copy of it: playing another card does not renumber (remount) the rest.
              const copy = hand.slice(0, index).filter((other) => other === code).length;
              const up = canTap.has(index);
              const isPicked = picked.includes(index);
              return (
                <HandCard key={`${code}.${copy}`} index={index} position={position} code={code} up={up} picked={isPicked}
                  drawn={index === drawnIndex} picks={up && (isPicked || picked.length > 0 || hasCompanions(view, code))}
                  onTap={onTap} onFocusAt={focus.at} lang={currentLang()} />
              );
            })}
          </ul>
        </section>
      )}

      {choosing && !busy && (
        <ColorPicker
          onPick={(color: CardColor) => {
            focus.handOver(choosing.from);
            setChoosing(null);
            act({ type: "play", cards: choosing.cards, color }, choosing.cards, choosing.from);
          }}
          onCancel={() => setChoosing(null)}
        />
      )}
      {chooseFirst && !choosing && !busy && <ColorPicker onPick={(color) => act({ type: "choose_color", color })} />}
    </div>
  );
}

/**
 * Keeps the keyboard on the hand: when the focused card leaves it (played) or the colour sheet closes, the focus
 * goes to the card now at the same place (or the last one), not back to the top of the page. A card played by a
 * tap (or by the colour sheet) hands the focus to its neighbour before it leaves (`handOver`): the browser brings
 * its styles up to date when the focused element is removed, and again for `focus()` after the render — twice in
 * the tap's frame, for the whole hand (issue 33: most of a tap's long frame).
 */
function useHandFocus(hand: { current: HTMLUListElement | null }, sheetOpen: boolean) {
  const state = useRef({ inside: false, position: 0 });
  useLayoutEffect(() => {
    const list = hand.current;
    if (!list || !state.current.inside || sheetOpen || list.contains(document.activeElement)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const cards = list.querySelectorAll<HTMLElement>(".hand-card");
    cards[Math.min(state.current.position, cards.length - 1)]?.focus();
  });
  // (made once: the hand's memoised cards hold on to `at`)
  return useMemo(() => ({
    enter: () => void (state.current.inside = true),
    // (from the card, or from the colour sheet that closes as the card's play is sent)
    handOver(card: Element | null) {
      const from = document.activeElement;
      if (!card || !(from === card || from?.closest(".sheet"))) return;
      const item = card.closest("li");
      const next = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector<HTMLElement>(".hand-card");
      next?.focus({ preventScroll: true });
    },
    at: (position: number) => void (state.current.position = position),
    // Focus that goes nowhere (its card was removed) stays "inside"; focus moved elsewhere does not — except
    // into the colour sheet, which hands it back when it closes.
    leave: (e: FocusEvent) => {
      const to = e.relatedTarget as Element | null;
      if (to && !to.closest(".sheet")) state.current.inside = false;
    },
  }), []);
}
