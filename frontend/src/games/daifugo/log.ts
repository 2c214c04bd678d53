/**
 * 大富豪's log sentences: a play or a pass is told from the move (`moved`), everything it caused from the engine's
 * events — 革命, 11バック, 縛り, 8切り, スペ3返し, the field clearing, a player going out (or fouling, or falling),
 * the end of a round — and the exchange's gives (the engine's `give` names the receiver, never the cards).
 */
import type { Move } from "../../net/protocol";
import type { Action, GameLog, LogContext } from "../types";
import { cardsShort, type Suit } from "./cards";
import { td } from "./i18n";
import { lockName, playName } from "./view";

const seatName = (context: LogContext, seat: unknown): string => context.seatNames[seat as number] ?? "?";

function moveLines(move: Move, name: string): string[] {
  if (move.type === "pass") return [td("log.pass", { name })];
  if (move.type !== "play" || !Array.isArray(move.cards)) return []; // a give: the engine's event names the receiver
  const cards = move.cards as string[];
  const seq = typeof move.seq === "string" ? move.seq : null;
  return seq
    ? [td("log.play_seq", { name, play: playName(cards, seq), cards: cardsShort(cards) })]
    : [td("log.play", { name, cards: cardsShort(cards) })];
}

function engineLines(step: Action, context: LogContext): string[] {
  const name = seatName(context, step.seat);
  switch (step.type) {
    case "give":
      return [td("log.give", { name, to: seatName(context, step.to) })];
    case "revolution":
      return [td(step.on ? "log.revolution" : "log.revolution_back")];
    case "eleven_back":
      return [td(step.on ? "log.eleven_back" : "log.eleven_back_off")];
    case "lock":
      return [td("log.lock", { suits: lockName((step.suits as Suit[]) ?? []) })];
    case "eight_cut":
      return [td("log.eight_cut")];
    case "spade3":
      return [td("log.spade3")];
    case "clear":
      return [td("log.clear", { name })];
    case "out":
      return [td("log.out", { name, n: Number(step.place) })];
    case "foul":
      return [td("log.foul", { name, n: Number(step.place) })];
    case "miyako_ochi":
      return [td("log.miyako_ochi", { name })];
    case "round_end": {
      const places = (step.places as number[]) ?? [];
      return [td("log.round_end", { n: Number(step.round), name: seatName(context, places[0]) })];
    }
    default:
      return []; // the play and the pass themselves: the move's own line says them
  }
}

export const log: GameLog = { move: (move, name) => moveLines(move, name), engine: engineLines };
