/** The four colour buttons a Wild opens, each with its shape and name, and 戻す (cancel) when allowed. */
import { useEffect, useRef } from "preact/hooks";
import { COLORS, colorName, type CardColor } from "./cards";
import { tc } from "./i18n";
import { Shape } from "./Shape";

export function ColorPicker({ onPick, onCancel }: { onPick: (color: CardColor) => void; onCancel?: () => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div class="sheet" role="dialog" aria-modal="true" aria-labelledby="picker-title"
      onKeyDown={(e) => e.key === "Escape" && onCancel?.()}>
      <h2 id="picker-title" class="sheet-title">{tc("pick_color")}</h2>
      <div class="picker">
        {COLORS.map((color, i) => (
          <button ref={i === 0 ? first : undefined} class={`picker-button cm-${color}`} onClick={() => onPick(color)}>
            <Shape color={color} />
            <span>{colorName(color)}</span>
          </button>
        ))}
      </div>
      {onCancel && (
        <button class="button secondary wide" onClick={onCancel}>
          {tc("cancel_wild")}
        </button>
      )}
    </div>
  );
}
