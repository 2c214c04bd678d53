/** One Color Match card as it looks on the table or in the hand (a plain picture; buttons wrap it). */
import { memo } from "../../ui/logic/memo";
import { Shape } from "./Shape";
import { cardSymbol, COLORS, parseCard } from "./cards";

/** A card drawn again only when it changes (ui/logic/memo.ts): a frame redraws the table, rarely a card. */
export const CardFace = memo(function CardFace({ code, size = "hand" }: { code: string; size?: "hand" | "pile" | "mini" }) {
  const { color, value } = parseCard(code);
  const symbol = cardSymbol(value);
  return (
    <span class={`cm-card cm-${color ?? "w"} cm-${size}`} aria-hidden="true">
      <span class="cm-corner">
        {symbol || "W"}
        {color && <Shape color={color} class="cm-corner-shape" />}
      </span>
      <span class="cm-oval">
        {color ? (
          <>
            <Shape color={color} class="cm-watermark" />
            <span class="cm-symbol">{symbol}</span>
          </>
        ) : (
          <span class="cm-wild">
            {COLORS.map((c) => (
              <span class={`cm-quarter cm-${c}`}>
                <Shape color={c} class="cm-quarter-shape" />
              </span>
            ))}
            {symbol && <span class="cm-symbol cm-wild-symbol">{symbol}</span>}
          </span>
        )}
      </span>
    </span>
  );
});

/** The back of a card (the draw pile, other players' hands). */
export const CardBack = memo(function CardBack({ size = "pile" }: { size?: "pile" | "mini" }) {
  return (
    <span class={`cm-card cm-back cm-${size}`} aria-hidden="true">
      <span class="cm-back-logo">D</span>
    </span>
  );
});

/** A card as it flies across the table (ui/logic/motion.ts): its face, or its back when the code is not known. */
export function FlyingCard({ code }: { code: string | null }) {
  return code ? <CardFace code={code} size="pile" /> : <CardBack />;
}
