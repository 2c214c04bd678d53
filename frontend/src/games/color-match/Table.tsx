/**
 * The Color Match table (seed 000): the other players in play order, the pile with the colour in effect, whose
 * turn it is, the actions that apply now, and your hand, where the cards you can play rise with a frame.
 */
import { useEffect, useState } from "preact/hooks";
import { move } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { ColorPicker } from "../../ui/ColorPicker";
import { GameLog } from "../../ui/GameLog";
import { Shape } from "../../ui/Shape";
import { useCountdown } from "../../ui/useCountdown";
import { membersBySeat, playOrder, seatName } from "../seats";
import { CardBack, CardFace } from "./CardFace";
import { cardName, colorName, type CardColor } from "./cards";
import {
  callIsUno, canPlayAlone, extendsToLegal, findMove, hasCompanions, isLegalSet, type ColorMatchView,
} from "./view";

/** A play waiting for its colour: the cards ending in a Wild. */
type Choosing = { cards: string[] } | null;

export function ColorMatchTable({ room, busy }: { room: RoomFrame; busy: boolean }) {
  const view = room.game!.view as unknown as ColorMatchView;
  const seats = membersBySeat(room);
  const mine = view.seat;
  const [selected, setSelected] = useState<number[]>([]);
  const [choosing, setChoosing] = useState<Choosing>(null);
  // A new room version means the situation changed: forget half-made choices made on the old one.
  useEffect(() => {
    setSelected([]);
    setChoosing(null);
  }, [room.version]);

  const hand = view.hand ?? [];
  const myTurn = mine !== null && view.current === mine && !view.result;
  const chooseFirst = findMove(view, "choose_color");
  const draw = findMove(view, "draw");
  const pass = findMove(view, "pass");
  const accept = findMove(view, "accept");
  const challenge = findMove(view, "challenge");
  const declare = findMove(view, "declare");
  const callouts = view.legal.filter((m) => m.type === "callout");
  const selectedCards = selected.map((i) => hand[i]);

  function playCards(cards: string[]) {
    const needsColor = cards.at(-1) === "W" || cards.at(-1) === "W4";
    if (needsColor) setChoosing({ cards });
    else move({ type: "play", cards });
  }

  /** A tap plays a card, opens the colour choice of a Wild, or (with multi-card play) selects. */
  function tapCard(index: number) {
    const code = hand[index];
    if (selected.includes(index)) return setSelected(selected.filter((i) => i !== index));
    if (selected.length && extendsToLegal(view, [...selectedCards, code])) return setSelected([...selected, index]);
    if (hasCompanions(view, code)) return setSelected([index]);
    if (canPlayAlone(view, code)) playCards([code]);
  }

  const order = mine === null ? view.players.map((p) => p.seat) : playOrder(view.players.length, mine, view.direction);
  const next = view.next ?? (view.current === null ? null : playOrder(view.players.length, view.current, view.direction)[0]);
  const countdown = useCountdown(room.game?.deadline?.at);
  const deadline = room.game?.deadline;
  const callLabel = callIsUno(view) ? t("cm.uno") : t("cm.last_card");
  const drawnIndex = view.drawn ? hand.lastIndexOf(view.drawn) : -1;

  return (
    <div class="table cm-table">
      <ul class="opponents" aria-label={t("table.players")}>
        {order.map((seat) => {
          const player = view.players.find((p) => p.seat === seat)!;
          const member = seats.get(seat);
          const undeclared = player.uncalled ?? (player.cards === 1 && !player.declared);
          return (
            <li class={`opponent${seat === view.current ? " current" : ""}${member?.connected === false ? " away" : ""}`}
              aria-current={seat === view.current ? "true" : undefined}>
              <span class="opponent-name">{seatName(seats, seat)}</span>
              <span class="opponent-cards" aria-label={t("table.cards_held", { n: player.cards })}>
                <CardBack size="mini" />
                <b>{player.cards}</b>
              </span>
              <span class="opponent-wins">{t("table.wins", { n: member?.wins ?? 0 })}</span>
              {undeclared && <span class="badge warn">{t("cm.undeclared")}</span>}
              {view.pending && seat === view.current && <span class="badge">+{view.pending.draw}</span>}
              {seat === next && <span class="badge next">{t("table.next_mark")}</span>}
            </li>
          );
        })}
      </ul>

      <section class="pile-area" aria-label={t("cm.pile_area")}>
        <button class="pile draw-pile" disabled={!draw || busy} onClick={() => move({ type: "draw" })}
          aria-label={t("cm.draw_pile", { n: view.draw_pile })}>
          <CardBack />
          <span class="pile-count">{t("cm.pile_count", { n: view.draw_pile })}</span>
        </button>
        <div class="pile discard-pile" role="img" aria-label={t("cm.top_card", { card: cardName(view.top) })}>
          <CardFace code={view.top} size="pile" />
        </div>
        <div class="pile-info">
          {view.color && (
            <div class={`current-color cm-${view.color}`} aria-label={t("cm.current_color", { color: colorName(view.color) })}>
              <Shape color={view.color} />
              <span>{colorName(view.color)}</span>
            </div>
          )}
          {view.color_before && (
            <div class={`current-color color-before cm-${view.color_before}`}>
              <Shape color={view.color_before} />
              <span>{t("cm.color_before", { color: colorName(view.color_before) })}</span>
            </div>
          )}
          <div class="direction" aria-label={t(view.direction === 1 ? "cm.direction_cw" : "cm.direction_ccw")}>
            <span class={`direction-arrow${view.direction === 1 ? "" : " flipped"}`} aria-hidden="true">↻</span>
            <span>{t(view.direction === 1 ? "cm.direction_cw" : "cm.direction_ccw")}</span>
          </div>
        </div>
      </section>

      {!view.result && <p class={`turn-banner${myTurn ? " mine" : ""}`} role="status" aria-live="polite">
        {myTurn ? myPrompt(view) : view.current !== null ? t("table.their_turn", { name: seatName(seats, view.current) }) : ""}
        {next !== null && !view.result && <span class="turn-next"> · {t("table.next", { name: seatName(seats, next) })}</span>}
        {countdown !== null && deadline?.kind === "standin" && (
          <span class="countdown"> · {t("table.standin", { name: seatName(seats, deadline.seat), n: countdown })}</span>
        )}
      </p>}

      <GameLog room={room} />

      <div class="actions" role="group" aria-label={t("table.actions")}>
        {view.drawn && canPlayAlone(view, view.drawn) && (
          <button class="button primary" disabled={busy} onClick={() => playCards([view.drawn!])}>
            {t("cm.play_drawn")}
          </button>
        )}
        {pass && <button class="button" disabled={busy} onClick={() => move(pass)}>{t("cm.keep_drawn")}</button>}
        {selected.length > 0 && (
          <button class="button primary" disabled={busy || !isLegalSet(view, selectedCards)}
            onClick={() => playCards(selectedCards)}>
            {t("cm.play_selected", { n: selected.length })}
          </button>
        )}
        {accept && <button class="button" disabled={busy} onClick={() => move(accept)}>{t("cm.accept", { n: view.pending?.draw ?? 0 })}</button>}
        {challenge && <button class="button warn" disabled={busy} onClick={() => move(challenge)}>{t("cm.challenge")}</button>}
        {declare && (
          <button class="button call" disabled={busy} onClick={() => move(declare)}>
            {callLabel}
            {view.deadline && countdown !== null && deadline?.kind === "engine" && <span class="call-timer"> {countdown}</span>}
          </button>
        )}
        {callouts.map((callout) => (
          <button class="button warn" disabled={busy} onClick={() => move(callout)}>
            {callouts.length > 1
              ? t("cm.callout_named", { name: seatName(seats, callout.target as number) })
              : t("cm.callout")}
          </button>
        ))}
        {draw && (
          <button class="button" disabled={busy} onClick={() => move(draw)}>
            {view.can_draw === false ? t("cm.cannot_draw") : t("cm.draw")}
          </button>
        )}
      </div>

      {mine !== null && (
        <section class="hand-area" aria-label={t("cm.hand_title", { n: hand.length })}>
          <h2 class="hand-title">
            {t("cm.hand_title", { n: hand.length })}
            <span class="hand-wins">{t("table.wins", { n: seats.get(mine)?.wins ?? 0 })}</span>
          </h2>
          <ul class="hand">
            {hand.map((code, index) => {
              const playable = myTurn && !busy && (canPlayAlone(view, code) || hasCompanions(view, code));
              const isSelected = selected.includes(index);
              const isDrawn = index === drawnIndex;
              return (
                <li>
                  <button
                    class={`hand-card${playable ? " playable" : " dimmed"}${isSelected ? " selected" : ""}${isDrawn ? " drawn" : ""}`}
                    disabled={!playable}
                    aria-pressed={hasCompanions(view, code) ? isSelected : undefined}
                    aria-label={cardName(code) + (isDrawn ? ` (${t("cm.drawn_mark")})` : "")}
                    onClick={() => tapCard(index)}>
                    <CardFace code={code} />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {choosing && !busy && (
        <ColorPicker
          onPick={(color: CardColor) => {
            setChoosing(null);
            move({ type: "play", cards: choosing.cards, color });
          }}
          onCancel={() => setChoosing(null)}
        />
      )}
      {chooseFirst && !choosing && (
        <ColorPicker onPick={(color) => move({ type: "choose_color", color })} />
      )}
    </div>
  );
}

function myPrompt(view: ColorMatchView): string {
  if (findMove(view, "choose_color")) return t("cm.prompt_first_color");
  if (view.drawn && findMove(view, "pass")) return t("cm.prompt_drawn", { card: cardName(view.drawn) });
  if (view.pending) return t("cm.prompt_pending", { n: view.pending.draw });
  return t("table.your_turn");
}
