/**
 * What 大富豪's card counter counts (a setting; the sheet is `CounterSheet.tsx`, a chunk of its own): each rank's
 * cards this player has not seen this round.
 */
import { parseCard, RANKS } from "./cards";
import type { DaifugoView } from "./view";

/** One rank of the card counter: how many of its cards are still unseen. */
export interface RankLeft {
  /** A rank code (`RANKS`), or "X" for the jokers. */
  rank: string;
  left: number;
}

/**
 * The card counter: for each rank, strongest first in the order in force now (the jokers first, when the game has
 * any), how many of its cards this player has not seen — neither in their hand nor played this round (`played`), so
 * in the other hands, or a fallen 大富豪's buried ones.
 */
export function cardsLeft(view: DaifugoView): RankLeft[] {
  const seen = new Map<string, number>();
  for (const code of [...(view.hand ?? []), ...view.played]) {
    const { rank } = parseCard(code);
    seen.set(rank, (seen.get(rank) ?? 0) + 1);
  }
  const jokers = Number(view.options.jokers ?? 0);
  const strongFirst = view.reversed ? [...RANKS] : [...RANKS].reverse();
  return [
    ...(jokers > 0 ? [{ rank: "X", left: jokers - (seen.get("X") ?? 0) }] : []),
    ...strongFirst.map((rank) => ({ rank, left: 4 - (seen.get(rank) ?? 0) })),
  ];
}
