/** At home after the host removed you: from which room, and why (the reason the host gave, in your words). */
import "../../styles/upkeep.css";
import { app } from "../../app";
import { t, tKnown } from "../../i18n";
import { useStore } from "../../store";

export function RemovedNote() {
  const { removed } = useStore(app);
  if (!removed) return null;
  return (
    <div class="callout removed-note" role="alert">
      <div>
        <p>{t("upkeep.removed", { code: removed.room })}</p>
        {removed.reason && <p>{tKnown(`upkeep.removed_reason.${removed.reason}`)}</p>}
      </div>
      <button class="icon-button small" aria-label={t("common.close")} onClick={() => app.set({ removed: null })}>×</button>
    </div>
  );
}
