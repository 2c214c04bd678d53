/**
 * Each game's options in the lobby. Color Match: the presets `basic` (seed rules) and `house` (local rules) and
 * every toggle on its own; Color Rows: the scoring side. The host changes them, everyone else sees them.
 */
import { roomAction } from "../app";
import { t, type Key } from "../i18n";
import type { GameId } from "../net/protocol";

/** The presets (docs/rules.md CM 2), to show which one the current options equal. */
const PRESETS: Record<string, Record<string, unknown>> = {
  basic: { multi_play: false, stacking: false, challenge: false, no_action_finish: false, call: "callout" },
  house: { multi_play: true, stacking: true, challenge: true, no_action_finish: false, call: "next_action" },
};
const TOGGLES = ["multi_play", "stacking", "challenge", "no_action_finish"] as const;
const CALLS = ["callout", "next_action", 3, 5, 10] as const;

interface Props {
  game: GameId;
  options: Record<string, unknown>;
  editable: boolean;
  busy: boolean;
}

export function GameOptions({ game, options, editable, busy }: Props) {
  const set = (fields: Record<string, unknown>) => roomAction("set_options", { game, ...fields });
  const disabled = !editable || busy;
  if (game === "color-rows") {
    return (
      <fieldset class="options" disabled={disabled}>
        <legend>{t("options.scoring")}</legend>
        <div class="segmented">
          {(["standard", "variant"] as const).map((side) => (
            <button class={options.scoring === side ? "on" : ""} aria-pressed={options.scoring === side}
              onClick={() => set({ options: { scoring: side } })}>{t(`options.scoring.${side}` as Key)}</button>
          ))}
        </div>
      </fieldset>
    );
  }
  const preset = Object.keys(PRESETS).find((name) =>
    Object.entries(PRESETS[name]).every(([key, value]) => options[key] === value));
  return (
    <fieldset class="options" disabled={disabled}>
      <legend>{t("options.preset")}</legend>
      <div class="segmented">
        {Object.keys(PRESETS).map((name) => (
          <button class={preset === name ? "on" : ""} aria-pressed={preset === name}
            onClick={() => set({ preset: name })}>{t(`options.preset.${name}` as Key)}</button>
        ))}
      </div>
      {TOGGLES.map((toggle) => (
        <label class="setting switch">
          <span class="setting-label">
            {t(`options.${toggle}` as Key)}
            <small>{t(`options.${toggle}.hint` as Key)}</small>
          </span>
          <input type="checkbox" role="switch" checked={options[toggle] === true}
            onChange={(e) => set({ options: { [toggle]: e.currentTarget.checked } })} />
        </label>
      ))}
      <label class="setting">
        <span class="setting-label">{t("options.call")}</span>
        <select value={String(options.call)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            set({ options: { call: /^\d+$/.test(value) ? Number(value) : value } });
          }}>
          {CALLS.map((call) => (
            <option value={String(call)}>
              {typeof call === "number" ? t("options.call.seconds", { n: call }) : t(`options.call.${call}` as Key)}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
