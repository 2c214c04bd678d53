/**
 * The stamp button in the bar (in a room): it opens the sheet of stamps (ui/parts/Stamps.tsx, a chunk loaded with
 * the first room, drawn by `App`).
 */
import { t } from "../../i18n";
import { useStore } from "../../store";
import { touch } from "../../touch/state";

const STAMP_ICON = (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5z"
      fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
    <path d="M8.5 11.2c1.9 1.9 5.1 1.9 7 0" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    <circle cx="9.3" cy="7.9" r="1.2" fill="currentColor" />
    <circle cx="14.7" cy="7.9" r="1.2" fill="currentColor" />
  </svg>
);

export function StampButton() {
  const { stampSheet } = useStore(touch);
  return (
    <button class="icon-button stamp-button" aria-haspopup="dialog" aria-expanded={stampSheet} aria-label={t("stamp.open")}
      title={t("stamp.open")} onClick={() => touch.set({ stampSheet: !stampSheet })}>
      {STAMP_ICON}
    </button>
  );
}
