/** One Color Rows card: its colour, its symbol (for colour-blind players) and, for a collection, a count. */
import { currentLang } from "../../i18n";
import { memo } from "../../ui/logic/memo";
import { rowCardName, rowCardSymbol } from "./cards";

interface RowCardProps {
  code: string;
  count?: number;
  size?: "row" | "big" | "chip";
}

/** A card drawn again only when it, or the language of its name, changes (ui/logic/memo.ts). */
export function RowCard(props: RowCardProps) {
  return <RowCardPicture {...props} lang={currentLang()} />;
}

const RowCardPicture = memo(function RowCardPicture({ code, count, size = "row" }: RowCardProps & { lang: string }) {
  const label = count === undefined ? rowCardName(code) : `${rowCardName(code)} ×${count}`;
  return (
    // A row's card takes the row's size (no class of its own: `cr-row` is the row's, and its rules would apply).
    <span class={`cr-card cr-${code}${size === "row" ? "" : ` cr-${size}`}`} role="img" aria-label={label}>
      <span class="cr-symbol" aria-hidden="true">{rowCardSymbol(code)}</span>
      {count !== undefined && <span class="cr-count" aria-hidden="true">{count}</span>}
    </span>
  );
});

/** A card as it flies across the table (ui/logic/motion.ts): its face, or the supply's back when not known. */
export function FlyingCard({ code }: { code: string | null }) {
  return code ? <RowCard code={code} size="big" /> : <span class="cr-card cr-big cr-back" aria-hidden="true" />;
}
