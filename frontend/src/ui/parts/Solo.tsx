/** Seed 003's 「CPUと対戦」: one tap to a game against CPUs, with what it will deal written under it. */
import { app } from "../../app";
import { gameName } from "../../games";
import { t, tKnown } from "../../i18n";
import { useStore } from "../../store";

export function SoloButton({ disabled, onStart }: { disabled: boolean; onStart(): void }) {
  const { solo, soloStarting } = useStore(app);
  const what = t("home.solo_hint", {
    game: gameName(solo.game),
    n: solo.cpus,
    level: tKnown(`lobby.cpu_level.${solo.level}`, {}, "lobby.cpu_level"),
  });
  return (
    <div class="solo">
      <button class="button primary wide big" type="button" disabled={disabled || soloStarting}
        aria-describedby="solo-what" onClick={onStart}>
        {t("home.solo")}
      </button>
      <small id="solo-what" class="center">{what}</small>
    </div>
  );
}
