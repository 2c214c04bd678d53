/**
 * The sheet of eight stamps the bar's stamp button opens (ui/parts/StampButton.tsx): one tap sends one. The sheet is
 * drawn by `App` at the top of the page, not inside the bar: the bar's backdrop filter would hold a fixed sheet. A
 * chunk of its own with the bubbles (touch/bubbles.ts), loaded with the first room: the landing page has no stamps.
 */
import { t } from "../../i18n";
import { useStore } from "../../store";
import { touch } from "../../touch/state";
import { sendStamp } from "../../touch/bubbles";
import { STAMP_PICTURES, STAMPS, stampLabel } from "../../touch/stamps";
import { Sheet } from "./Sheet";

export function StampSheet() {
  const { stampSheet } = useStore(touch);
  if (!stampSheet) return null;
  const close = () => {
    touch.set({ stampSheet: false });
    document.querySelector<HTMLElement>(".stamp-button")?.focus();
  };
  return (
    <Sheet title={t("stamp.open")} class="stamp-sheet" onClose={close}>
      <div class="stamp-grid">
        {STAMPS.map((id) => (
          <button class={`stamp-choice stamp-${id}`} onClick={() => { sendStamp(id); close(); }}>
            <span class="stamp-picture" aria-hidden="true">{STAMP_PICTURES[id]}</span>
            {stampLabel(id)}
          </button>
        ))}
      </div>
      <button class="button secondary wide" onClick={close}>{t("common.close")}</button>
    </Sheet>
  );
}
