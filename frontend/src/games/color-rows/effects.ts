/**
 * What a Color Rows change shows for a moment (ui/logic/motion.ts runs it): the card turned up flies from the supply,
 * a placed card flies to its row, a taken row flies to the player's seat (announced), and the last-round card is
 * announced; each with its sound.
 */
import type { RoomFrame } from "../../net/protocol";
import { membersBySeat, seatName } from "../seats";
import type { Anchor, Effect, SoundName } from "../types";
import { tr } from "./i18n";

type Step = Record<string, unknown>;

export function effects(after: RoomFrame): { effects: Effect[]; sounds: SoundName[] } {
  const seats = membersBySeat(after);
  const mine = after.game?.view.seat;
  const at = (seat: unknown): Anchor => (seat === mine ? "mine" : { seat: seat as number });
  const out: Effect[] = [];
  const sounds = new Set<SoundName>();
  const steps = after.events.flatMap((event) => (event.code === "engine" ? ((event.events as Step[]) ?? []) : []));
  for (const step of steps) {
    switch (step.type) {
      case "drew":
        out.push({ kind: "fly", from: "draw", to: "drawn", card: String(step.card) });
        sounds.add("draw");
        break;
      case "placed":
        out.push({ kind: "fly", from: "drawn", to: `row-${step.row}`, card: String(step.card) });
        sounds.add("card");
        break;
      case "took":
        for (const card of (step.cards as string[]) ?? []) {
          out.push({ kind: "fly", from: `row-${step.row}`, to: at(step.seat), card });
        }
        out.push({ kind: "announce", text: tr("fx.take", { name: seatName(seats, step.seat as number), row: Number(step.row) + 1 }) });
        sounds.add("card");
        break;
      case "last_round":
        out.push({ kind: "announce", text: tr("fx.last_round"), tone: "warn" });
        sounds.add("penalty");
        break;
    }
  }
  return { effects: out, sounds: [...sounds] };
}
