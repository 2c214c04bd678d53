/**
 * Between games: the people of the room (connected or not, away, their wins), with the host's menu to remove
 * someone, and the room's door (open to newcomers or 「締め切り中」). During a game the same list opens over the
 * table from ⚙ (`PeopleSheet`): a removed person's seat is played by the stand-in at once.
 */
import { app } from "../../app";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { AbsentNote } from "./Away";
import { MemberRow } from "./Members";
import { Door } from "./RoomSettings";
import { Sheet } from "./Sheet";

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

/** The people of the room over the table: who is host, who is connected, and the host's ⋯ to remove someone. */
export function PeopleSheet({ room }: { room: RoomFrame }) {
  const close = () => app.set({ people: false });
  return (
    <>
      <div class="sheet-backdrop" aria-hidden="true" onClick={close} />
      <Sheet title={t("upkeep.members_title")} class="people-sheet" focus=".close" onClose={close}>
        <ul class="members">{room.members.map((member) => <MemberRow room={room} member={member} />)}</ul>
        <button class="button secondary wide close" onClick={close}>{t("common.close")}</button>
      </Sheet>
    </>
  );
}
