/** Who sits where: the room's members by seat number, and helpers the game tables share. */
import type { Member, RoomFrame } from "../net/protocol";
import { Face } from "../ui/parts/Face";

export function membersBySeat(room: RoomFrame): Map<number, Member> {
  const byId = new Map(room.members.map((member) => [member.member, member]));
  const seats = new Map<number, Member>();
  for (const { seat, member, name } of room.game?.seats ?? []) {
    // A member who left is gone from `members`; the seat keeps the name it was dealt with.
    const found = byId.get(member) ?? (name ? { member, name, cpu: true, host: false, connected: true, wins: 0, seat } : undefined);
    if (found) seats.set(seat, found);
  }
  return seats;
}

/** The seats in the order play reaches them from `from` (exclusive) going in `direction`. */
export function playOrder(seatCount: number, from: number, direction: 1 | -1): number[] {
  return Array.from({ length: seatCount - 1 }, (_, i) => (((from + direction * (i + 1)) % seatCount) + seatCount) % seatCount);
}

/** The seats other than the viewer's, in the order play reaches them from it (every seat, for a spectator): the
 * order of a table's row of the others. */
export function othersFrom(seatCount: number, mine: number | null): number[] {
  return mine === null ? Array.from({ length: seatCount }, (_, seat) => seat) : playOrder(seatCount, mine, 1);
}

/** A seat's display name, or a placeholder when the seat's member has gone. */
export function seatName(seats: Map<number, Member>, seat: number | null | undefined): string {
  return (seat !== null && seat !== undefined && seats.get(seat)?.name) || "?";
}

/** Whether `member`'s seat shows the host's mark: they are host and someone else (a person) is in the room. */
export const marksHost = (room: RoomFrame, member: Member | undefined): boolean =>
  !!member?.host && room.members.some((other) => !other.cpu && other.member !== member.member);

/** A seat's face (a seat whose person left shows their initial). */
export function SeatFace({ seats, seat }: { seats: Map<number, Member>; seat: number }) {
  return <Face avatar={seats.get(seat)?.avatar} name={seatName(seats, seat)} />;
}

/** A seat as a memoised part of a table shows it (ui/logic/memo.ts): plain values only, equal when unchanged. */
export interface PlainSeat {
  seat: number;
  name: string;
  /** Their face's picture and colour. */
  picture?: string;
  color?: string;
  host: boolean;
  current: boolean;
  /** The language, so a switch redraws the seat's words. */
  lang: string;
}
