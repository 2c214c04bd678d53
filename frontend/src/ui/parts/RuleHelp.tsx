/**
 * A rule named on a table or in the lobby, explained in one tap (games/help.ts holds the words): the chip itself is
 * the button, described by the explanation for screen readers; a tap opens it in a small sheet, which its button,
 * Escape or a tap beside it close, the focus going back to the chip.
 */
import "../../styles/help.css";
import "../../styles/upkeep.css";
import { render, type ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { RuleEntry } from "../../games/help";
import { t } from "../../i18n";
import { Sheet } from "./Sheet";

/**
 * The explanation over the screen's bottom; `onClose` closes it. It is drawn at the end of the page, not where the
 * chip is: a table's part may contain its layout (`container-type`), which would hold a fixed sheet inside it, and
 * would lend it its colours.
 */
export function RuleSheet({ entry, onClose }: { entry: RuleEntry; onClose(): void }) {
  return (
    <AtPageEnd>
      <div class="sheet-backdrop" aria-hidden="true" onClick={onClose} />
      <Sheet title={entry.name} class="rule-sheet" onClose={onClose}>
        <p class="rule-text">{entry.text}</p>
        <button class="button primary wide" onClick={onClose}>{t("help.got_it")}</button>
      </Sheet>
    </AtPageEnd>
  );
}

/** `children` drawn in a place of their own at the end of `<body>` while this is mounted. */
function AtPageEnd({ children }: { children: ComponentChildren }) {
  const [place] = useState(() => document.createElement("div"));
  useLayoutEffect(() => {
    document.body.append(place);
    return () => {
      render(null, place);
      place.remove();
    };
  }, []);
  useLayoutEffect(() => render(<>{children}</>, place));
  return null;
}

/** A chip that names a rule (「革命中」, 「+4 の前の色：緑」): a tap explains `entry`. `label` names the chip for
 * screen readers when its text alone does not. */
export function RuleChip({ entry, class: className = "chip", label, children }: {
  entry: RuleEntry;
  class?: string;
  label?: string;
  children: ComponentChildren;
}) {
  const chip = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    chip.current?.focus();
  };
  return (
    <>
      <button ref={chip} type="button" class={`${className} rule-chip`} aria-label={label} aria-haspopup="dialog"
        aria-expanded={open} aria-description={entry.text} onClick={() => setOpen(!open)}>
        {children}
      </button>
      {open && <RuleSheet entry={entry} onClose={close} />}
    </>
  );
}
