/** The phone touches' switches (each shown only where the phone can do it) and the offer to install the site. */
import { t } from "../../i18n";
import { useStore } from "../../store";
import { install } from "../../touch";
import { setSwitch, touch, type Switch } from "../../touch/state";

const SWITCHES: { key: Switch; label: "touch.keep_awake" | "touch.vibrate" | "touch.show_stamps"; can: () => boolean }[] = [
  { key: "keepAwake", label: "touch.keep_awake", can: () => "wakeLock" in navigator },
  { key: "vibrate", label: "touch.vibrate", can: () => "vibrate" in navigator },
  { key: "showStamps", label: "touch.show_stamps", can: () => true },
];

export function TouchSettings() {
  const state = useStore(touch);
  return (
    <>
      {SWITCHES.filter(({ can }) => can()).map(({ key, label }) => (
        <label class="setting switch">
          <span class="setting-label">{t(label)}</span>
          <input type="checkbox" role="switch" checked={state[key]} onChange={(e) => setSwitch(key, e.currentTarget.checked)} />
        </label>
      ))}
      {state.canInstall && <button class="button secondary wide" onClick={install}>{t("touch.install")}</button>}
    </>
  );
}
