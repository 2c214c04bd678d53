/**
 * The room's own settings: the turn timer (lobby; the host sets it, everyone sees it) and whether newcomers may
 * join (the host closes and reopens the room; everyone sees 「締め切り中」).
 */
import "../../styles/upkeep.css";
import { app, roomAction } from "../../app";
import { t } from "../../i18n";
import { TURN_TIMERS, type RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { turnTimerName } from "../logic/roomUpkeep";

export function RoomSettings({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  const host = room.you.host;
  const timer = room.settings.turn_timer;
  return (
    <section class="card-panel room-settings" aria-labelledby="room-settings-title">
      <h2 id="room-settings-title">{t("upkeep.settings_title")}</h2>
      <div class="setting-block" role="group" aria-labelledby="turn-timer-label" aria-describedby="turn-timer-hint">
        <span id="turn-timer-label" class="setting-label">{t("upkeep.turn_timer")}</span>
        <div class="segmented">
          {TURN_TIMERS.map((seconds) => (
            <button class={timer === seconds ? "on" : ""} aria-pressed={timer === seconds} disabled={!host || !!busy}
              onClick={() => timer !== seconds && roomAction("set_settings", { turn_timer: seconds })}>
              {turnTimerName(seconds)}
            </button>
          ))}
        </div>
        <small id="turn-timer-hint" class="muted">{t("upkeep.turn_timer_hint")}</small>
      </div>
      <Door room={room} />
    </section>
  );
}

/** Open or closed to newcomers: the state for everyone, and the host's button to change it. */
export function Door({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  const { open } = room.settings;
  return (
    <div class="door">
      {open ? (
        <p class="muted door-note">{t("upkeep.open")}</p>
      ) : (
        <p class="closed-note">
          <span class="badge warn">{t("upkeep.closed_badge")}</span> {t("upkeep.closed")}
        </p>
      )}
      {room.you.host && (
        <button class={`button${open ? "" : " primary"}`} disabled={!!busy} onClick={() => roomAction("set_open", { open: !open })}>
          {t(open ? "upkeep.close" : "upkeep.reopen")}
        </button>
      )}
      {room.you.host && (
        <label class="switch-row">
          <input type="checkbox" checked={room.settings.knock} disabled={!!busy}
            onChange={() => roomAction("set_knock", { knock: !room.settings.knock })} />
          {t("upkeep.knock_setting")}
        </label>
      )}
      <Knocks room={room} />
    </div>
  );
}

/** The host's list of newcomers knocking, each with "let in" and "refuse". */
export function Knocks({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  if (!room.knocks?.length) return null;
  return (
    <ul class="knocks" aria-label={t("upkeep.knocks")}>
      {room.knocks.map((k) => (
        <li class="knock" data-knock={k.knock}>
          <span>{t("upkeep.knocking_name", { name: k.name })}</span>
          <button class="button primary small" disabled={!!busy}
            onClick={() => roomAction("answer_knock", { knock: k.knock, admit: true })}>{t("upkeep.admit")}</button>
          <button class="button small" disabled={!!busy}
            onClick={() => roomAction("answer_knock", { knock: k.knock, admit: false })}>{t("upkeep.refuse")}</button>
        </li>
      ))}
    </ul>
  );
}
