/**
 * Deals anyone can verify (docs/protocol.md, "Deals anyone can verify"): every frame of a running game carries
 * `game.deal.commitment`, SHA-256 of the ASCII text `deckroom-deal-v1:<seed>:<salt>`; the finished game's frame
 * reveals `seed` (a decimal string) and `salt` (64 hex digits). The page remembers the commitment each game first
 * showed it and, at the end, hashes the revealed pair with the browser's own Web Crypto: a server that changed the
 * deal after the fact could not make them match.
 */
import { sha256hex } from "../account/nonce";
import type { Deal, RoomFrame } from "../net/protocol";

type Subtle = Pick<SubtleCrypto, "digest">;

/** The text a deal's commitment is the SHA-256 of. */
export const committedText = (seed: string, salt: string): string => `deckroom-deal-v1:${seed}:${salt}`;

/** Whether `deal`'s revealed seed and salt hash to `committed`, the commitment the game showed first. */
export async function dealVerified(committed: string, deal: Deal, subtle: Subtle): Promise<boolean> {
  const { seed, salt } = deal;
  if (seed === undefined || salt === undefined || !/^\d{1,19}$/.test(seed) || !/^[0-9a-f]{64}$/.test(salt)) return false;
  return (await sha256hex(committedText(seed, salt), subtle)) === committed;
}

/** The commitment each game first showed this page, by room code and game number. */
const firstSeen = new Map<string, string>();

/** Remember the commitment of `frame`'s game if it is the first this page saw of it; the one first seen. */
export function firstCommitment(frame: RoomFrame): string | null {
  const game = frame.game;
  if (!game?.deal) return null;
  const key = `${frame.code}:${game.number}`;
  if (!firstSeen.has(key)) firstSeen.set(key, game.deal.commitment);
  return firstSeen.get(key)!;
}
