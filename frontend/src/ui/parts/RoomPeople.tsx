/**
 * Between games: the people of the room (connected or not, away, their wins), with the host's menu to remove
 * someone, and the room's door (open to newcomers or 「締め切り中」).
 */
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { AbsentNote } from "./Away";
import { MemberRow } from "./Members";
import { Door } from "./RoomSettings";

export function RoomPeople({ room }: { room: RoomFrame }) {
  return (
    <section class="room-people" aria-labelledby="room-people-title">
      <h3 id="room-people-title">{t("upkeep.members_title")}</h3>
      <ul class="members">{room.members.map((member) => <MemberRow room={room} member={member} />)}</ul>
      <AbsentNote room={room} />
      <Door room={room} />
    </section>
  );
}
