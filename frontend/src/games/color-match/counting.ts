/**
 * What Color Match's card counter counts (a setting; the sheet is `CounterSheet.tsx`, a chunk of its own): the wilds
 * this player has not seen, and what each other seat showed of its hand, from the view's public record
 * (docs/protocol.md, `game.view.record`).
 */
import type { CardColor } from "./cards";
import type { ColorMatchView } from "./view";

/** A seat's public record: the colours it drew on by choice (with the cards drawn since), the colours it named, and
 * how many Wilds, Wild Draw Fours and action cards it played. */
export interface SeatRecord {
  drew_on: Partial<Record<CardColor, number>>;
  named: string;
  wilds: number;
  wd4: number;
  actions: number;
  kept: number;
}

/** The card counter of Color Match: the wilds not seen yet, and what each other seat showed of its hand. */
export interface Counted {
  /** Each wild (`W`, `W4`) with how many of the four are neither in this player's hand nor played. */
  wilds: { code: "W" | "W4"; left: number }[];
  /** The other seats in play order from this player (every seat for a spectator). `drewOn`: the colours the seat
   * drew on by choice, most recent first, each with the cards drawn since (it then held none of that colour);
   * `named`: the last `NAMED_SHOWN` colours it named with its wilds, oldest first. */
  seats: { seat: number; drewOn: { color: CardColor; since: number }[]; named: CardColor[]; wilds: number; wd4: number; actions: number }[];
}

const WILD_COPIES = 4;
/** The colours named that the counter shows per seat: the latest, as older ones say little of the hand now. */
export const NAMED_SHOWN = 4;

/** What the card counter shows, from the view's public record (null when the view carries none), for the other
 * seats in the table's order (`others`, the Table's row). */
export function counted(view: ColorMatchView, others: readonly number[]): Counted | null {
  const record = view.record;
  if (!record) return null;
  const hand = view.hand ?? [];
  const wilds = (["W", "W4"] as const).map((code) => ({
    code,
    left: WILD_COPIES - record.under[code] - (view.top === code ? 1 : 0) - hand.filter((c) => c === code).length,
  }));
  const seats = others.map((seat) => {
    const { drew_on, named, wilds: w, wd4, actions } = record.seats[seat];
    const drewOn = (Object.entries(drew_on) as [CardColor, number][])
      .map(([color, since]) => ({ color, since }))
      .sort((a, b) => a.since - b.since);
    return { seat, drewOn, named: [...named].slice(-NAMED_SHOWN) as CardColor[], wilds: w, wd4, actions };
  });
  return { wilds, seats };
}
