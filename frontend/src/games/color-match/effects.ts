/**
 * What a Color Match change shows for a moment (ui/logic/motion.ts runs it): a played card flies from the player's seat
 * (or hand) to the pile, drawn cards fly from the draw pile to the hand or the seat, and skips, reverses,
 * penalties, a challenge's result and a call-out are announced over the pile; each with its sound. What changes
 * your own turn — skipped, made to draw, a +2/+4 waiting on you — is said to you ("あなた…"), as a warning.
 */
import type { RoomFrame } from "../../net/protocol";
import { membersBySeat, seatName } from "../seats";
import type { Anchor, Effect, SoundName } from "../types";
import { colorName, isWild, type CardColor } from "./cards";
import { tc } from "./i18n";
import type { ColorMatchView } from "./view";

type Step = Record<string, unknown>;

/** The engine events of `after`'s change, oldest first. */
const stepsOf = (frame: RoomFrame): Step[] =>
  frame.events.flatMap((event) => (event.code === "engine" ? ((event.events as Step[]) ?? []) : []));

/** The cards of `after` that `before` did not hold (the cards just drawn, as this phone sees them). */
function newCards(before: string[], after: string[]): string[] {
  const left = [...before];
  return after.filter((card) => {
    const at = left.indexOf(card);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

export function effects(after: RoomFrame, before: RoomFrame): { effects: Effect[]; sounds: SoundName[] } {
  const view = after.game!.view as unknown as ColorMatchView;
  const previous = before.game!.view as unknown as ColorMatchView;
  const seats = membersBySeat(after);
  const name = (seat: unknown) => seatName(seats, seat as number);
  const mine = view.seat;
  const at = (seat: unknown): Anchor => (seat === mine ? "hand" : { seat: seat as number });
  const drawn = newCards(previous.hand ?? [], view.hand ?? []);
  const out: Effect[] = [];
  const sounds = new Set<SoundName>();

  for (const step of stepsOf(after)) {
    switch (step.type) {
      case "play": {
        const cards = (step.cards as string[]) ?? [];
        for (const card of cards) out.push({ kind: "fly", from: at(step.seat), to: "pile", card });
        if (isWild(String(cards.at(-1))) && step.color) {
          out.push({ kind: "announce", text: tc("fx.color", { color: colorName(step.color as CardColor) }) });
        }
        sounds.add("card");
        break;
      }
      case "drew": {
        const count = Number(step.count ?? 0);
        if (!count) break;
        const own = step.seat === mine;
        const faces = own ? drawn.splice(0, count) : [];
        out.push({ kind: "fly", from: "draw", to: at(step.seat), card: faces[0] ?? null, count });
        if (step.reason === "draw") {
          sounds.add("draw");
        } else if (step.reason === "missed_call") {
          out.push({ kind: "announce", text: tc("fx.callout", { name: name(step.seat), n: count }), tone: "warn" });
          sounds.add("call");
        } else if (step.reason !== "challenge") {
          const text = own ? tc("fx.penalty_you", { n: count }) : tc("fx.penalty", { name: name(step.seat), n: count });
          out.push({ kind: "announce", text, tone: "warn" });
          sounds.add("penalty");
        }
        break;
      }
      case "skipped":
        out.push(step.seat === mine
          ? { kind: "announce", text: tc("fx.skip_you"), tone: "warn" }
          : { kind: "announce", text: tc("fx.skip", { name: name(step.seat) }) });
        sounds.add("skip");
        break;
      case "reverse":
        out.push({ kind: "announce", text: tc("fx.reverse") });
        sounds.add("reverse");
        break;
      case "challenge": {
        // The colour the Wild Draw Four covered, which the challenge was about (shown while it could be made).
        const covered = previous.color_before ?? null;
        const color = covered ? colorName(covered) : "?";
        const params = { target: name(step.target), color };
        out.push(step.guilty
          ? { kind: "announce", text: tc("fx.guilty", params), tone: "good" }
          : { kind: "announce", text: tc("fx.innocent", params), tone: "warn" });
        sounds.add("challenge");
        break;
      }
      case "declare":
        sounds.add("call");
        break;
    }
  }
  // A +2/+4 that waits on you (stacking, or a Wild Draw Four you may challenge): yours to answer now.
  const waiting = view.pending;
  if (waiting && mine !== null && view.current === mine
      && !(previous.pending?.draw === waiting.draw && previous.current === mine)) {
    out.push({ kind: "announce", text: tc("fx.pending_you", { n: waiting.draw }), tone: "warn" });
    sounds.add("penalty");
  }
  return { effects: out, sounds: [...sounds] };
}
