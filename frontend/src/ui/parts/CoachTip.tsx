/**
 * The coach's tip on the player's turn (a first game against CPUs, or switched on in the settings): which cards can
 * be played and why, in the game's words (each game's `coachTip`). It stands in the log's place while it shows, so
 * the table keeps its size; × hides it until the room changes, the settings switch it off.
 */
import "../../styles/help.css";
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { t } from "../../i18n";

/** `tip` (its sentences; null or empty: none now, or the tips are off) in the place of `children` (the log) for room
 * version `version`. */
export function CoachTip({ tip, version, children }: { tip: string[] | null; version: number; children: ComponentChildren }) {
  const [hidden, setHidden] = useState<number | null>(null);
  if (!tip?.length || hidden === version) return <>{children}</>;
  return (
    <aside class="coach-tip" aria-label={t("coach.label")}>
      <p class="coach-text">{tip.map((line) => <span class="coach-line">{line}</span>)}</p>
      <button type="button" class="icon-button coach-dismiss" aria-label={t("coach.dismiss")} title={t("coach.dismiss")}
        onClick={() => setHidden(version)}>×</button>
    </aside>
  );
}
