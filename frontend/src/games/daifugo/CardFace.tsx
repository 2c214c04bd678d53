/** One playing card as it looks on the table or in the hand (a plain picture; buttons wrap it). */
import { currentLang } from "../../i18n";
import { memo } from "../../ui/logic/memo";
import { isRed, parseCard, rankLabel, suitSymbol } from "./cards";
import { td } from "./i18n";

export type CardSize = "hand" | "field" | "mini";

interface CardProps {
  code: string;
  size?: CardSize;
}

/** A card drawn again only when it, or the language of a joker's word, changes (ui/logic/memo.ts). */
export function CardFace(props: CardProps) {
  return <CardPicture {...props} lang={currentLang()} />;
}

const CardPicture = memo(function CardPicture({ code, size = "hand" }: CardProps & { lang: string }) {
  const { suit, rank } = parseCard(code);
  if (!suit) {
    return (
      <span class={`df-card df-joker df-at-${size}`} aria-hidden="true">
        <span class="df-index">★</span>
        <span class="df-pip df-joker-word">{td("joker_short")}</span>
      </span>
    );
  }
  return (
    <span class={`df-card${isRed(code) ? " df-red" : ""} df-at-${size}`} aria-hidden="true">
      <span class="df-index">{rankLabel(rank)}<span class="df-suit">{suitSymbol(suit)}</span></span>
      <span class="df-pip">{suitSymbol(suit)}</span>
    </span>
  );
});

/** The back of a card (the other players' hands, a card given face down). */
export const CardBack = memo(function CardBack({ size = "mini" }: { size?: CardSize }) {
  return <span class={`df-card df-back df-at-${size}`} aria-hidden="true" />;
});

/** A card as it flies across the table (ui/logic/motion.ts): its face, or its back when the code is not known. */
export function FlyingCard({ code }: { code: string | null }) {
  return code ? <CardFace code={code} size="field" /> : <CardBack size="field" />;
}
