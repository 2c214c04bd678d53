/**
 * The game's words the home screen and the lobby need — its name, its line, its options — loaded with the site;
 * the table's words (i18n.ts, which includes these) come with the table, on demand (games/index.ts).
 */
import { translator, type Plural } from "../../i18n";

const en = {
  name: "Color Rows",
  blurb: "Collect three colours, avoid the rest. 2–5 players.",
  cards_played: { one: "{n} card turned up and placed", other: "{n} cards turned up and placed" },

  "option.scoring": "Scoring",
  "value.scoring.standard": "Standard (brown)",
  "value.scoring.variant": "Variant (violet)",
};

type Keys = keyof typeof en;

const ja: Record<Keys, string | Plural> = {
  name: "カラーロウ",
  blurb: "3 色を集めて、ほかの色は集めすぎない。2〜5人。",
  cards_played: "めくって置いた札 {n} 枚",

  "option.scoring": "得点表",
  "value.scoring.standard": "標準（茶色の面）",
  "value.scoring.variant": "変形（紫の面）",
};

const ko: Record<Keys, string | Plural> = {
  name: "컬러 로우",
  blurb: "세 가지 색을 모으고 나머지 색은 피하세요. 2~5명.",
  cards_played: "뒤집어 놓은 카드 {n}장",

  "option.scoring": "점수표",
  "value.scoring.standard": "표준 (갈색 면)",
  "value.scoring.variant": "변형 (보라색 면)",
};

export const lobbyWords = { en, ja, ko };
/** The lobby words' `t`. */
export const tn = translator<Keys>(lobbyWords);
/** Whether the lobby words have `key` (for keys built at run time: a newer server's option). */
export const hasName = (key: string): key is Keys => key in en;
