/**
 * A rule named on a table or in the lobby, explained in one tap (games/help.ts holds the words): the chip itself is
 * the button, described by the explanation for screen readers; a tap opens it in a small sheet, which its button,
 * Escape or a tap beside it close, the focus going back to the chip. `SheetChip` is the same chip for any sheet (a
 * table's card counter).
 */
import "../../styles/help.css";
import "../../styles/upkeep.css";
import { render, type ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { RuleEntry } from "../../games/help";
import { t } from "../../i18n";
import { Sheet } from "./Sheet";

/**
 * A sheet over the screen's bottom with a backdrop; `onClose` closes it. It is drawn at the end of the page, not
 * where its chip is: a table's part may contain its layout (`container-type`), which would hold a fixed sheet
 * inside it, and would lend it its colours.
 */
export function PageSheet({ title, class: className, onClose, children }: {
  title: string;
  class: string;
  onClose(): void;
  children: ComponentChildren;
}) {
  return (
    <AtPageEnd>
      <div class="sheet-backdrop" aria-hidden="true" onClick={onClose} />
      <Sheet title={title} class={className} onClose={onClose}>{children}</Sheet>
    </AtPageEnd>
  );
}

/** The explanation of a rule over the screen's bottom; `onClose` closes it. */
export function RuleSheet({ entry, onClose }: { entry: RuleEntry; onClose(): void }) {
  return (
    <PageSheet title={entry.name} class="rule-sheet" onClose={onClose}>
      <p class="rule-text">{entry.text}</p>
      <button class="button primary wide" onClick={onClose}>{t("help.got_it")}</button>
    </PageSheet>
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

/** A chip that opens a sheet in one tap: `sheet(close)` draws it (a `PageSheet`), and closing it gives the focus back
 * to the chip. `label` names the chip for screen readers when its text alone does not; `description` says more. */
export function SheetChip({ class: className = "chip", label, description, sheet, children }: {
  class?: string;
  label?: string;
  description?: string;
  sheet(close: () => void): ComponentChildren;
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
      <button ref={chip} type="button" class={`${className} sheet-chip`} aria-label={label} aria-haspopup="dialog"
        aria-expanded={open} aria-description={description} onClick={() => setOpen(!open)}>
        {children}
      </button>
      {open && sheet(close)}
    </>
  );
}

/** A chip that names a rule (「革命中」, 「+4 の前の色：緑」): a tap explains `entry`. */
export function RuleChip({ entry, class: className = "chip", label, children }: {
  entry: RuleEntry;
  class?: string;
  label?: string;
  children: ComponentChildren;
}) {
  return (
    <SheetChip class={className} label={label} description={entry.text}
      sheet={(close) => <RuleSheet entry={entry} onClose={close} />}>
      {children}
    </SheetChip>
  );
}
