/**
 * A game's options in the lobby, built from what the server sends (`lobby.games[].options` and `presets`): the
 * presets as one choice, then every option in the game's own order — a yes/no option as a switch, any other as
 * a choice of its allowed values. The game folder only names them (`GameInfo.options`) and explains them (`?` beside
 * a rule's name opens the game's explanation, games/help.ts). The host changes them; everyone else sees them — and
 * may ask what they mean, so only the controls, not the `?`, are disabled.
 */
import { useState } from "preact/hooks";
import { roomAction } from "../../app";
import { useRuleHelp } from "../../games";
import type { RuleEntry } from "../../games/help";
import { t } from "../../i18n";
import type { LobbyGame } from "../../net/protocol";
import { labelsOf, presetOf, same } from "../logic/lobby";
import { RuleSheet } from "./RuleHelp";

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
  const help = useRuleHelp(game.id);
  // The "?" and its sheet stay outside the option's <label>: a tap on them must not flip the switch, nor their
  // words join the switch's name.
  const [explained, setExplained] = useState<{ entry: RuleEntry; from: HTMLElement } | null>(null);
  const off = !editable || busy;
  const explain = (name: string, label: string) => help?.has(name) && (
    <button type="button" class="button secondary rule-help-button" aria-haspopup="dialog"
      aria-label={t("help.about", { name: label })}
      onClick={(e) => setExplained({ entry: help.entry(name), from: e.currentTarget })}>?</button>
  );
  return (
    <fieldset class="options">
      {presets.length > 0 && (
        <div class="setting" role="group" aria-label={t("options.preset")}>
          <span class="setting-label" aria-hidden="true">{t("options.preset")}</span>
          <div class="segmented">
            {presets.map((name) => (
              <button class={preset === name ? "on" : ""} aria-pressed={preset === name} disabled={off}
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
            <div class="option-row">
              <label class="setting switch">
                <span class="setting-label">{label}{hint && <small>{hint}</small>}</span>
                <input type="checkbox" role="switch" checked={options[name] === true} disabled={off}
                  onChange={(e) => set({ options: { [name]: e.currentTarget.checked } })} />
              </label>
              {explain(name, label)}
            </div>
          );
        }
        if (spec.choices.length <= 3) {
          return (
            <div class="setting" role="group" aria-label={label}>
              <span class="setting-label" aria-hidden="true">{label}{hint && <small>{hint}</small>}</span>
              {explain(name, label)}
              <div class="segmented">
                {spec.choices.map((value) => (
                  <button class={same(options[name], value) ? "on" : ""} aria-pressed={same(options[name], value)}
                    disabled={off} onClick={() => set({ options: { [name]: value } })}>{labels.value(name, value)}</button>
                ))}
              </div>
            </div>
          );
        }
        const at = spec.choices.findIndex((value) => same(options[name], value));
        return (
          <div class="option-row">
            <label class="setting">
              <span class="setting-label">{label}{hint && <small>{hint}</small>}</span>
              <select disabled={off} value={String(at)} onChange={(e) => set({ options: { [name]: spec.choices[Number(e.currentTarget.value)] } })}>
                {spec.choices.map((value, i) => <option value={String(i)}>{labels.value(name, value)}</option>)}
              </select>
            </label>
            {explain(name, label)}
          </div>
        );
      })}
      {explained && (
        <RuleSheet entry={explained.entry} onClose={() => {
          explained.from.focus();
          setExplained(null);
        }} />
      )}
    </fieldset>
  );
}
