/** One Color Rows card: its colour, its symbol (for colour-blind players) and, for a collection, a count. */
import { rowCardName, rowCardSymbol } from "./cards";

export function RowCard({ code, count, size = "row" }: { code: string; count?: number; size?: "row" | "big" | "chip" }) {
  const label = count === undefined ? rowCardName(code) : `${rowCardName(code)} ×${count}`;
  return (
    <span class={`cr-card cr-${code} cr-${size}`} role="img" aria-label={label}>
      <span class="cr-symbol" aria-hidden="true">{rowCardSymbol(code)}</span>
      {count !== undefined && <span class="cr-count" aria-hidden="true">{count}</span>}
    </span>
  );
}

/** A card as it flies across the table (ui/logic/motion.ts): its face, or the supply's back when not known. */
export function FlyingCard({ code }: { code: string | null }) {
  return code ? <RowCard code={code} size="big" /> : <span class="cr-card cr-big cr-back" aria-hidden="true" />;
}
