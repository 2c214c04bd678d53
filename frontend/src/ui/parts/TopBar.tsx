/** The bar on every screen: the site's name, the room code, the rules of the game at hand, the settings. */
import { useEffect, useRef, useState } from "preact/hooks";
import { app, askToLeave } from "../../app";
import { screensOf } from "../../app/backStack";
import { games } from "../../games";
import { t } from "../../i18n";
import { useStore } from "../../store";
import { AccountSettings, ProfileButton } from "./Account";
import { AvatarPicker } from "./AvatarPicker";
import { rulesUrl } from "../logic/links";
import { peopleSheet } from "../screens/onDemand";
import { Settings } from "./Settings";
import { StampButton } from "./StampButton";

/** ⚙'s way out of the game or the room: the same question Back asks. */
function LeaveButton({ atTable, onAsk }: { atTable: boolean; onAsk(): void }) {
  const ask = () => {
    onAsk();
    askToLeave(atTable ? "table" : "room");
  };
  return (
    <button class="button warn-outline wide" aria-haspopup="dialog" onClick={ask}>
      {t(atTable ? "control.menu_leave_game" : "control.menu_leave_room")}
    </button>
  );
}

export function TopBar() {
  const { room, identity, name } = useStore(app);
  const [open, setOpen] = useState(false);
  const gear = useRef<HTMLButtonElement>(null);
  // Escape closes the menu, as it closes a sheet, and the focus goes back to ⚙ (a sheet opened from the menu takes
  // its own Escape first).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || document.querySelector(".sheet")) return;
      setOpen(false);
      gear.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  const rules = rulesUrl(room?.game?.id ?? room?.lobby.selected ?? games()[0]?.id);
  return (
    <>
      <header class={room ? "topbar in-room" : "topbar"}>
        <span class="brand">{t("app.name")}</span>
        {room && <span class="chip room-code" aria-label={t("room.code_label", { code: room.code })}>#{room.code}</span>}
        <span class="spacer" />
        {room && <StampButton />}
        {rules && (
          <a class="icon-button" href={rules} target="_blank" rel="noopener" aria-label={t("nav.help")} title={t("nav.help")}>?</a>
        )}
        <ProfileButton />
        <button ref={gear} class="icon-button" aria-expanded={open} aria-controls="settings-panel" aria-label={t("nav.settings")}
          title={t("nav.settings")} onClick={() => {
            if (!open && room?.phase === "playing") void peopleSheet.preload(); // its button is in the menu
            setOpen(!open);
          }}>⚙</button>
        {open && (
          <div id="settings-panel" class="popover">
            {room && <LeaveButton atTable={screensOf(room, false).includes("table")} onAsk={() => setOpen(false)} />}
            {room?.phase === "playing" && (
              <button class="button secondary wide people-button" aria-haspopup="dialog"
                onClick={() => { setOpen(false); app.set({ people: true }); }}>
                {t("face.people")}
              </button>
            )}
            <AccountSettings onOpen={() => setOpen(false)} />
            {identity && <AvatarPicker name={name} folded />}
            <Settings />
            <button class="button secondary wide" onClick={() => setOpen(false)}>{t("common.close")}</button>
          </div>
        )}
      </header>
      {/* At the table, where the menu opens over the cards, a tap beside it closes it and does nothing else (no card
          played by the way), as a phone's menus do (table.css shows this layer only there). */}
      {open && <div class="popover-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
    </>
  );
}
