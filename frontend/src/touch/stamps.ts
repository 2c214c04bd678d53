/**
 * Stamps (docs/protocol.md, `stamp`): eight fixed words a member sends to the room — no free text, nothing to
 * moderate. The ids are the server's; each phone shows them in its reader's language (`stamp.<id>`), for a moment
 * over the sender's seat (touch/bubbles.ts).
 */
import { t } from "../i18n";
import type { RoomFrame } from "../net/protocol";

/** The server's stamp ids, in the order the picker shows them. */
export const STAMPS = ["like", "nice", "sorry", "hurry", "wait", "almost", "thanks", "gg"] as const;
export type StampId = (typeof STAMPS)[number];

export const isStamp = (id: string): id is StampId => (STAMPS as readonly string[]).includes(id);
export const stampLabel = (id: StampId): string => t(`stamp.${id}`);

/** Each stamp's picture, shown above its word (the sheet, the bubble). */
export const STAMP_PICTURES: Record<StampId, string> = {
  like: "👍", nice: "👏", sorry: "🙏", hurry: "⏩", wait: "✋", almost: "😣", thanks: "💐", gg: "🤝",
};

/**
 * Where a stamp from `member` shows, best first: their row in the lobby; at the table, their seat (`data-seat`),
 * and for one's own seat, which a table may show as the hand instead, the hand or one's own collection. The last
 * two are the table and the screen: a stamp shown there names its sender.
 */
export function anchorsOf(room: RoomFrame, member: string): string[] {
  const seat = room.members.find((m) => m.member === member)?.seat;
  const own = member === room.you.member;
  const exact = room.phase === "lobby" || !room.game
    ? [`[data-member="${member}"]`]
    : [
      ...(seat !== null && seat !== undefined && room.game.seats.some((s) => s.seat === seat) ? [`[data-seat="${seat}"]`] : []),
      ...(own ? ['[data-anchor="hand"]', '[data-anchor="mine"]'] : []),
    ];
  return [...exact, '[data-anchor="stage"]', "main"];
}
