/**
 * Color Match's log sentences: a player's move (`moved`), the engine's events of a step, and the public actions
 * of the view's `recent` that this phone missed (history.ts).
 */
import type { Move } from "../../net/protocol";
import type { Action, GameLog, LogContext } from "../types";
import { cardName, colorName, isWild, type CardColor } from "./cards";
import { publicActions, unseen } from "./history";
import { hasKey, tc } from "./i18n";

const cardList = (cards: unknown): string => (Array.isArray(cards) ? cards.map((c) => cardName(String(c))).join("・") : "");
const seatName = (context: LogContext, seat: unknown): string => context.seatNames[seat as number] ?? "?";

/** The sentence of a move by `name` (a `moved` event's move, or an action of `recent` told as the move it was). */
function moveLines(move: Move, name: string, context: LogContext): string[] {
  switch (move.type) {
    case "play": {
      const cards = move.cards as string[];
      const wild = isWild(String(cards?.at(-1))) && typeof move.color === "string";
      return wild
        ? [tc("log.play_wild", { name, cards: cardList(cards), color: colorName(move.color as CardColor) })]
        : [tc("log.play", { name, cards: cardList(cards) })];
    }
    case "draw":
      return []; // the engine's `drew` says whether a card came (an empty pile makes the draw a pass)
    case "pass":
    case "keep":
      return [tc("log.keep", { name })];
    case "accept":
      return [tc("log.accept", { name })];
    case "challenge":
      return [tc("log.challenge", { name })];
    case "declare":
      return [tc("log.declare", { name })];
    case "callout":
      return [tc("log.callout", { name, target: seatName(context, move.target) })];
    case "choose_color":
      return [tc("log.first_color", { name, color: colorName(move.color as CardColor) })];
    default:
      return [];
  }
}

function engineLines(step: Action, context: LogContext): string[] {
  const name = seatName(context, step.seat);
  switch (step.type) {
    case "first_card":
      return [tc("log.first_card", { card: cardName(String(step.card)) })];
    case "drew": {
      const n = Number(step.count ?? step.cards ?? 0);
      if (step.reason === "draw") return [tc(n ? "log.draw" : "log.pass_empty", { name })];
      const key = `log.drew.${step.reason}`;
      return n > 0 && hasKey(key) ? [tc(key, { name, n })] : []; // a penalty of no cards (both piles empty) is none
    }
    case "skipped":
      return [tc("log.skipped", { name })];
    case "reverse":
      return [tc("log.reverse")];
    case "challenge":
      return [tc(step.guilty ? "log.challenge.guilty" : "log.challenge.innocent", { name, target: seatName(context, step.target) })];
    case "reshuffle":
      return [tc("log.reshuffle")];
    default:
      return []; // plays, keeps, calls: the move's own line says it
  }
}

export const log: GameLog = {
  move: moveLines,
  engine: engineLines,
  catchUp: {
    publicActions,
    unseen: (view, seen, latest) => unseen(seen, (view.recent as Action[] | undefined) ?? [], latest),
    line(action, context) {
      const name = seatName(context, action.seat);
      if (action.type === "play") {
        // `recent` names the colour in effect after every play; the sentence names it only for a Wild.
        return moveLines({ ...action, type: "play" } as Move, name, context);
      }
      if (["keep", "declare", "callout", "choose_color"].includes(String(action.type))) {
        return moveLines(action as Move, name, context);
      }
      return engineLines(action, context);
    },
  },
};
