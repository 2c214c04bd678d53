/** Language, theme, sound, the coach's tips and the card counter: each switchable at any time and remembered on
 * this device. */
import { app, coachOn, setCoach, setCounter, setLang, setSound, setTheme } from "../../app";
import { t } from "../../i18n";
import { LANGS } from "../../prefs-types";
import { useStore } from "../../store";
import { TouchSettings } from "./TouchSettings";

export function Settings() {
  const { lang, theme, sound, coach, counter } = useStore(app);
  return (
    <div class="settings">
      <div class="setting" role="group" aria-label={t("settings.language")}>
        <span class="setting-label" aria-hidden="true">{t("settings.language")}</span>
        <div class="segmented">
          {LANGS.map((code) => (
            <button class={code === lang ? "on" : ""} aria-pressed={code === lang} lang={code}
              onClick={() => void setLang(code)}>
              {t(`lang.${code}`)}
            </button>
          ))}
        </div>
      </div>
      <label class="setting switch">
        <span class="setting-label">{t("settings.dark")}</span>
        <input type="checkbox" role="switch" checked={theme === "dark"}
          onChange={(e) => setTheme(e.currentTarget.checked ? "dark" : "light")} />
      </label>
      <label class="setting switch">
        <span class="setting-label">{t("settings.sound")}</span>
        <input type="checkbox" role="switch" checked={sound} onChange={(e) => setSound(e.currentTarget.checked)} />
      </label>
      <label class="setting switch">
        <span class="setting-label">{t("settings.coach")}<small>{t("settings.coach_hint")}</small></span>
        <input type="checkbox" role="switch" checked={coachOn(coach)} onChange={(e) => setCoach(e.currentTarget.checked)} />
      </label>
      <label class="setting switch">
        <span class="setting-label">{t("settings.counter")}<small>{t("settings.counter_hint")}</small></span>
        <input type="checkbox" role="switch" checked={counter} onChange={(e) => setCounter(e.currentTarget.checked)} />
      </label>
      <TouchSettings />
    </div>
  );
}
