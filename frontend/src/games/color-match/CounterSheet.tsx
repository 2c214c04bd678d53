/** Color Match's card counter over the table (a setting; docs/frontend.md): a chunk of its own, with its words. */
import { t, translator } from "../../i18n";
import { PageSheet } from "../../ui/parts/RuleHelp";
import { cardName, colorName, type CardColor } from "./cards";
import { counted } from "./counting";
import { tc } from "./i18n";
import { Shape } from "./Shape";
import type { ColorMatchView } from "./view";

const en = {
  wilds: "Wilds not seen yet (neither in your hand nor played)",
  wild: "{card}: {n} left",
  drew_on: "Drew on",
  named: "Named",
  played: "W {w} · +4 {wd4} · actions {a}",
  played_long: "Played {w} Wilds, {wd4} Wild Draw Fours and {a} action cards",
  since: "{color}, {n} drawn since",
  drew_note: "Drew on a colour: drew while it was in play, so held none of it then; the number is the cards drawn since.",
};
type Keys = keyof typeof en;
const ja: Record<Keys, string> = {
  wilds: "まだ出ていないワイルド（あなたの手札を除く）",
  wild: "{card}：あと {n} 枚",
  drew_on: "引いた色",
  named: "指定した色",
  played: "W {w}・+4 {wd4}・記号 {a}",
  played_long: "ワイルド {w} 枚、ワイルドドロー4 {wd4} 枚、記号札 {a} 枚を出した",
  since: "{color}（その後 {n} 枚引いた）",
  drew_note: "引いた色：その色の番に山から引いた（そのときその色を持っていなかった）。数字はそれから引いた枚数です。",
};
const ko: Record<Keys, string> = {
  wilds: "아직 나오지 않은 와일드 (내 손패 제외)",
  wild: "{card}: {n}장 남음",
  drew_on: "뽑은 색",
  named: "지정한 색",
  played: "W {w} · +4 {wd4} · 기호 {a}",
  played_long: "와일드 {w}장, 와일드 드로우 4 {wd4}장, 기호 카드 {a}장을 냄",
  since: "{color} (그 뒤 {n}장 뽑음)",
  drew_note: "뽑은 색: 그 색 차례에 더미에서 뽑음 (그때 그 색이 없었음). 숫자는 그 뒤 뽑은 장수입니다.",
};
const words = translator<Keys>({ en, ja, ko });

/** The card counter's sheet: the wilds not seen yet, and what each other player showed of their hand. */
export function CounterSheet({ view, others, name, onClose }: {
  view: ColorMatchView;
  /** The other seats, in the order of the table's row. */
  others: readonly number[];
  name(seat: number): string;
  onClose(): void;
}) {
  const { wilds, seats } = counted(view, others)!;
  const colors = (list: { color: CardColor; since?: number }[]) => list.length ? list.map(({ color, since }) => (
    <span class={`cm-dot cm-${color}`} role="img"
      aria-label={since === undefined ? colorName(color) : words("since", { color: colorName(color), n: since })}>
      <Shape color={color} />{since !== undefined && <b aria-hidden="true">{since}</b>}
    </span>
  )) : "—";
  return (
    <PageSheet title={tc("counter_title")} class="cm-counter" onClose={onClose}>
      <button class="button secondary wide" onClick={onClose}>{t("common.close")}</button>
      <p class="counter-note">{words("wilds")}</p>
      <ul class="counter-cells">
        {wilds.map(({ code, left }) => (
          <li class={left ? undefined : "none"} aria-label={words("wild", { card: cardName(code), n: left })}>
            <b aria-hidden="true">{code === "W" ? "W" : "+4"}</b>
            <span aria-hidden="true">×{left}</span>
          </li>
        ))}
      </ul>
      <ul class="cm-counter-seats">
        {seats.map((seat) => {
          const played = { w: seat.wilds, wd4: seat.wd4, a: seat.actions };
          return (
            <li>
              <b class="cm-counter-name">{name(seat.seat)}</b>
              <small class="cm-counter-played" aria-label={words("played_long", played)}>
                <span aria-hidden="true">{words("played", played)}</span>
              </small>
              <span class="cm-counter-colors">
                <span class="cm-counter-line"><small>{words("drew_on")}</small> {colors(seat.drewOn)}</span>
                <span class="cm-counter-line">
                  <small>{words("named")}</small> {colors(seat.named.map((color) => ({ color })))}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p class="counter-note">{words("drew_note")}</p>
    </PageSheet>
  );
}
