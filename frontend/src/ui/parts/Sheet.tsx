/** A sheet over the bottom of the screen (a modal dialog): its first button (or the first that `focus` selects) takes
 * the focus; Escape closes it. */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function Sheet({ title, class: className = "", focus = "button", onClose, children }: {
  title: string;
  class?: string;
  focus?: string;
  onClose(): void;
  children: ComponentChildren;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector<HTMLElement>(focus)?.focus(), []);
  return (
    <div ref={box} class={`sheet ${className}`} role="dialog" aria-modal="true" aria-label={title}
      onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <h2 class="sheet-title" aria-hidden="true">{title}</h2>
      {children}
    </div>
  );
}
