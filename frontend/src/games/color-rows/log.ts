/** Color Rows's log sentences: a take is the player's move; what was turned up and placed, the engine tells. */
import type { GameLog, LogContext } from "../types";
import { rowCardName } from "./cards";
import { tr } from "./i18n";

const seatName = (context: LogContext, seat: unknown): string => context.seatNames[seat as number] ?? "?";
const row = (value: unknown): number => Number(value) + 1;

export const log: GameLog = {
  // The engine's `drew` / `placed` name the card: only a take is told from the move itself.
  move: (move, name) => (move.type === "take" ? [tr("log.take", { name, row: row(move.row) })] : []),
  engine(step, context) {
    const name = seatName(context, step.seat);
    switch (step.type) {
      case "drew":
        return [tr("log.drew", { name, card: rowCardName(String(step.card)) })];
      case "placed":
        return [tr("log.placed", { name, card: rowCardName(String(step.card)), row: row(step.row) })];
      case "last_round":
        return [tr("log.last_round")];
      case "gold_bonus":
        return [tr("log.gold_bonus", { name, card: rowCardName(String(step.card)) })];
      case "row_discarded":
        return [tr("log.row_discarded", { row: row(step.row) })];
      case "round_start":
        return [tr("log.round_start", { round: Number(step.round), name })];
      default:
        return [];
    }
  },
};
