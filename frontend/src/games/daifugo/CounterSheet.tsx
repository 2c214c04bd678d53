/** 大富豪's card counter over the table (a setting; docs/frontend.md): a chunk of its own, with its words. */
import { t, translator } from "../../i18n";
import { PageSheet } from "../../ui/parts/RuleHelp";
import { rankLabel } from "./cards";
import { cardsLeft } from "./counting";
import { td } from "./i18n";
import type { DaifugoView } from "./view";

const en = {
  title: "Cards you have not seen",
  note: "Neither in your hand nor played this round, strongest first.",
  rank: "{rank}: {n} left",
};
type Keys = keyof typeof en;
const ja: Record<Keys, string> = {
  title: "まだ見ていない札",
  note: "あなたの手札にも、このラウンドに出た札にもない枚数です（強い順）。",
  rank: "{rank}：あと {n} 枚",
};
const ko: Record<Keys, string> = {
  title: "아직 보지 못한 패",
  note: "내 손패에도, 이번 라운드에 나온 패에도 없는 장수입니다 (강한 순).",
  rank: "{rank}: {n}장 남음",
};
const words = translator<Keys>({ en, ja, ko });

/** The card counter's sheet: every rank, strongest first, with how many of its cards are still unseen. */
export function CounterSheet({ view, onClose }: { view: DaifugoView; onClose(): void }) {
  return (
    <PageSheet title={words("title")} class="df-counter" onClose={onClose}>
      <button class="button secondary wide" onClick={onClose}>{t("common.close")}</button>
      <p class="counter-note">{words("note")}</p>
      <ul class="counter-cells">
        {cardsLeft(view).map(({ rank, left }) => (
          <li class={left ? undefined : "none"} aria-label={words("rank", { rank: rank === "X" ? td("joker") : rankLabel(rank), n: left })}>
            <b aria-hidden="true">{rank === "X" ? "🃏" : rankLabel(rank)}</b>
            <span aria-hidden="true">×{left}</span>
          </li>
        ))}
      </ul>
    </PageSheet>
  );
}
