/**
 * A game's options in the lobby, built from what the server sends (`lobby.games[].options` and `presets`): the
 * presets as one choice, then every option in the game's own order — a yes/no option as a switch, any other as
 * a choice of its allowed values. The game folder only names them (`GameInfo.options`). The host changes them;
 * everyone else sees them.
 */
import { roomAction } from "../../app";
import { t } from "../../i18n";
import type { LobbyGame } from "../../net/protocol";
import { labelsOf, presetOf, same } from "../logic/lobby";

interface Props {
  game: LobbyGame;
  options: Record<string, unknown>;
  editable: boolean;
  busy: boolean;
}

const isSwitch = (choices: unknown[]): boolean => choices.length === 2 && choices.every((c) => typeof c === "boolean");

export function GameOptions({ game, options, editable, busy }: Props) {
  const set = (fields: Record<string, unknown>) => roomAction("set_options", { game: game.id, ...fields });
  const labels = labelsOf(game.id);
  // A game of one option names its presets after that option's values: the option's own choice is enough then.
  const presets = Object.keys(game.options ?? {}).length > 1 ? Object.keys(game.presets ?? {}) : [];
  const preset = presetOf(game, options);
  return (
    <fieldset class="options" disabled={!editable || busy}>
      {presets.length > 0 && (
        <div class="setting" role="group" aria-label={t("options.preset")}>
          <span class="setting-label" aria-hidden="true">{t("options.preset")}</span>
          <div class="segmented">
            {presets.map((name) => (
              <button class={preset === name ? "on" : ""} aria-pressed={preset === name}
                onClick={() => set({ preset: name })}>{labels.preset(name)}</button>
            ))}
          </div>
        </div>
      )}
      {Object.entries(game.options ?? {}).map(([name, spec]) => {
        const label = labels.option(name);
        const hint = labels.hint(name);
        if (isSwitch(spec.choices)) {
          return (
            <label class="setting switch">
              <span class="setting-label">{label}{hint && <small>{hint}</small>}</span>
              <input type="checkbox" role="switch" checked={options[name] === true}
                onChange={(e) => set({ options: { [name]: e.currentTarget.checked } })} />
            </label>
          );
        }
        if (spec.choices.length <= 3) {
          return (
            <div class="setting" role="group" aria-label={label}>
              <span class="setting-label" aria-hidden="true">{label}{hint && <small>{hint}</small>}</span>
              <div class="segmented">
                {spec.choices.map((value) => (
                  <button class={same(options[name], value) ? "on" : ""} aria-pressed={same(options[name], value)}
                    onClick={() => set({ options: { [name]: value } })}>{labels.value(name, value)}</button>
                ))}
              </div>
            </div>
          );
        }
        const at = spec.choices.findIndex((value) => same(options[name], value));
        return (
          <label class="setting">
            <span class="setting-label">{label}{hint && <small>{hint}</small>}</span>
            <select value={String(at)} onChange={(e) => set({ options: { [name]: spec.choices[Number(e.currentTarget.value)] } })}>
              {spec.choices.map((value, i) => <option value={String(i)}>{labels.value(name, value)}</option>)}
            </select>
          </label>
        );
      })}
    </fieldset>
  );
}
