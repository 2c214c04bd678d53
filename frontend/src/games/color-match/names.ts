/**
 * The game's words the home screen and the lobby need — its name, its line, its options — loaded with the site;
 * the table's words (i18n.ts, which includes these) come with the table, on demand (games/index.ts).
 */
import { translator, type Plural } from "../../i18n";

const en = {
  name: "Color Match",
  blurb: "Match the colour or number; first to empty their hand wins. 2–10 players.",
  cards_played: { one: "{n} card played", other: "{n} cards played" },

  "preset.basic": "Basic",
  "preset.house": "House rules",
  "option.multi_play": "Play several at once",
  "hint.multi_play": "Same numbers, Skips or Reverses together",
  "option.stacking": "Stack +2 / +4",
  "hint.stacking": "Pass the penalty on with another draw card",
  "option.challenge": "Challenge",
  "hint.challenge": "Challenge a Wild Draw Four",
  "option.no_action_finish": "No finishing on action cards",
  "hint.no_action_finish": "A last symbol card makes you draw one",
  "option.call": "Last-card call",
  "call.callout": "Others call it out",
  "call.next_action": "Until the next action",
  "call.seconds": { one: "{n} second", other: "{n} seconds" },
};

type Keys = keyof typeof en;

const ja: Record<Keys, string | Plural> = {
  name: "カラーマッチ",
  blurb: "同じ色か同じ数字を出して、先に出し切った人の勝ち。2〜10人。",
  cards_played: "出した札 {n} 枚",

  "preset.basic": "基本",
  "preset.house": "ハウスルール",
  "option.multi_play": "まとめ出し",
  "hint.multi_play": "同じ数字・スキップ・リバースを一度に出せる",
  "option.stacking": "+2 / +4 の重ね返し",
  "hint.stacking": "ドロー札を重ねて次の人へ回せる",
  "option.challenge": "チャレンジ",
  "hint.challenge": "ワイルドドロー 4 を疑える",
  "option.no_action_finish": "記号カードでは上がれない",
  "hint.no_action_finish": "最後が記号札なら 1 枚引く",
  "option.call": "残り 1 枚の宣言",
  "call.callout": "ほかの人が指摘する",
  "call.next_action": "次の人が動くまで",
  "call.seconds": "{n} 秒",
};

const ko: Record<Keys, string | Plural> = {
  name: "컬러 매치",
  blurb: "같은 색이나 같은 숫자를 내고, 먼저 다 내면 승리. 2~10명.",
  cards_played: "낸 카드 {n}장",

  "preset.basic": "기본",
  "preset.house": "하우스 룰",
  "option.multi_play": "한꺼번에 내기",
  "hint.multi_play": "같은 숫자·스킵·리버스를 한 번에 낼 수 있음",
  "option.stacking": "+2 / +4 겹치기",
  "hint.stacking": "드로우 카드를 겹쳐 다음 사람에게 넘김",
  "option.challenge": "챌린지",
  "hint.challenge": "와일드 드로우 4에 이의를 제기",
  "option.no_action_finish": "기호 카드로는 끝낼 수 없음",
  "hint.no_action_finish": "마지막이 기호 카드면 1장 뽑음",
  "option.call": "한 장 남음 선언",
  "call.callout": "다른 사람이 지적",
  "call.next_action": "다음 사람이 움직일 때까지",
  "call.seconds": "{n}초",
};

export const lobbyWords = { en, ja, ko };
/** The lobby words' `t`. */
export const tn = translator<Keys>(lobbyWords);
/** Whether the lobby words have `key` (for keys built at run time: a newer server's option). */
export const hasName = (key: string): key is Keys => key in en;
