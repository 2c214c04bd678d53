/**
 * Whether a room change ended a game, and whose win it was: shared by the table's win moment (`moments.ts`) and
 * the room's sounds (`sound.ts`), which the landing page loads, so it imports nothing but types.
 */
import type { RoomFrame } from "../../net/protocol";

export interface Ended {
  /** The game's line in the room's history, if it has one. */
  entry: RoomFrame["history"][number] | undefined;
  /** This phone's member is among the winners. */
  mine: boolean;
}

/** What the change from `before` to `after` ended, or null when it ended no game. */
export function ended(after: RoomFrame, before: RoomFrame): Ended | null {
  if (after.phase !== "finished" || before.phase !== "playing" || !after.game) return null;
  const number = after.game.number;
  const entry = after.history.find((h) => h.number === number);
  return { entry, mine: !!entry && entry.winners.includes(after.you.member) };
}
