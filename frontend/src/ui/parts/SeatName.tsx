/**
 * A seat's head at the table, in every game: the face (with the turn's ring), the name, and the host's mark, so
 * everyone sees who is host.
 */
import type { Avatar } from "../../account/avatar";
import { t } from "../../i18n";
import { Face } from "./Face";

export function SeatName({ name, avatar, host, current, class: className = "opponent-name" }: {
  name: string; avatar: Avatar | undefined; host: boolean; current: boolean; class?: string;
}) {
  return (
    <span class={`seat-name ${className}`}>
      <Face avatar={avatar} name={name} size="seat" ring={current} />
      <span class="seat-name-text">{name}</span>
      {host && <span class="host-mark" title={t("lobby.host")} aria-label={t("lobby.host")}>★</span>}
    </span>
  );
}
