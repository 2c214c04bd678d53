/**
 * The game's words the home screen and the lobby need — its name, its line, its options — loaded with the site;
 * the table's words (i18n.ts, which includes these) come with the table, on demand (games/index.ts).
 */
import { translator, type Plural } from "../../i18n";

const en = {
  name: "Daifugō",
  blurb: "Japan's climbing game: beat the play on the field, empty your hand first, rise from poor to rich. 3–8 players.",
  cards_played: { one: "{n} card played", other: "{n} cards played" },

  "preset.basic": "Basic",
  "preset.house": "House rules",
  "option.jokers": "Jokers",
  "option.rounds": "Rounds",
  "option.sequences": "Runs (kaidan)",
  "hint.sequences": "3+ cards of one suit in a row",
  "option.revolution": "Revolution (kakumei)",
  "hint.revolution": "Four of a kind reverses the order",
  "option.sequence_revolution": "Run revolution",
  "hint.sequence_revolution": "A run of 5+ reverses it too (needs runs and revolution)",
  "option.eight_cut": "8-cut (hachi-giri)",
  "hint.eight_cut": "A play with an 8 clears the field",
  "option.lock": "Suit lock (shibari)",
  "hint.lock": "The same suits twice lock the field to them",
  "option.eleven_back": "Jack back (11-back)",
  "hint.eleven_back": "A jack reverses the order until the field clears",
  "option.spade3": "Spade 3 return",
  "hint.spade3": "The ♠3 beats a lone joker",
  "option.miyako_ochi": "Fallen capital (miyako-ochi)",
  "hint.miyako_ochi": "The Daifugō who is not first out drops to last",
  "option.forbidden_finish": "Forbidden finish",
  "hint.forbidden_finish": "Going out on a joker, a 2, an 8 or the ♠3 puts you last",
  "value.jokers": { one: "{n} joker", other: "{n} jokers" },
  "value.no_jokers": "None",
  "value.rounds": { one: "{n} round", other: "{n} rounds" },
};

type Keys = keyof typeof en;

const ja: Record<Keys, string | Plural> = {
  name: "大富豪",
  blurb: "場より強い札を出して、先に手札をなくす。大貧民から大富豪を目指そう。3〜8人。",
  cards_played: "出した札 {n} 枚",

  "preset.basic": "基本",
  "preset.house": "ハウスルール",
  "option.jokers": "ジョーカー",
  "option.rounds": "ゲーム数",
  "option.sequences": "階段",
  "hint.sequences": "同じマークの 3 枚以上の連番",
  "option.revolution": "革命",
  "hint.revolution": "4 枚出しで強さが逆になる",
  "option.sequence_revolution": "階段革命",
  "hint.sequence_revolution": "5 枚以上の階段でも革命（階段と革命がオンのとき）",
  "option.eight_cut": "8切り",
  "hint.eight_cut": "8 を含む札を出すと場が流れる",
  "option.lock": "縛り",
  "hint.lock": "同じマークが続くとそのマークしか出せない",
  "option.eleven_back": "11バック",
  "hint.eleven_back": "J を出すと場が流れるまで強さが逆",
  "option.spade3": "スペ3返し",
  "hint.spade3": "ジョーカー 1 枚にはスペードの 3 で勝てる",
  "option.miyako_ochi": "都落ち",
  "hint.miyako_ochi": "大富豪が 1 番に上がれないと最下位に",
  "option.forbidden_finish": "反則上がり",
  "hint.forbidden_finish": "ジョーカー・2・8・♠3 で上がると最下位",
  "value.jokers": "{n} 枚",
  "value.no_jokers": "なし",
  "value.rounds": "{n} ゲーム",
};

const ko: Record<Keys, string | Plural> = {
  name: "대부호",
  blurb: "판보다 센 카드를 내고 먼저 손패를 비우세요. 대빈민에서 대부호까지. 3~8명.",
  cards_played: "낸 카드 {n}장",

  "preset.basic": "기본",
  "preset.house": "하우스 룰",
  "option.jokers": "조커",
  "option.rounds": "게임 수",
  "option.sequences": "계단",
  "hint.sequences": "같은 무늬 3장 이상의 연속",
  "option.revolution": "혁명",
  "hint.revolution": "4장을 내면 강약이 뒤집힘",
  "option.sequence_revolution": "계단 혁명",
  "hint.sequence_revolution": "5장 이상 계단도 혁명 (계단과 혁명이 켜졌을 때)",
  "option.eight_cut": "8 끊기",
  "hint.eight_cut": "8이 들어간 카드를 내면 판이 흘러감",
  "option.lock": "묶기",
  "hint.lock": "같은 무늬가 이어지면 그 무늬만 낼 수 있음",
  "option.eleven_back": "11 백",
  "hint.eleven_back": "J를 내면 판이 흘러갈 때까지 강약이 뒤집힘",
  "option.spade3": "스페이드 3 되받기",
  "hint.spade3": "조커 1장은 스페이드 3으로 이김",
  "option.miyako_ochi": "도읍 함락",
  "hint.miyako_ochi": "대부호가 1등을 못 하면 꼴찌로",
  "option.forbidden_finish": "반칙 나기",
  "hint.forbidden_finish": "조커·2·8·♠3으로 나면 꼴찌",
  "value.jokers": "{n}장",
  "value.no_jokers": "없음",
  "value.rounds": "{n}게임",
};

export const lobbyWords = { en, ja, ko };
/** The lobby words' `t`. */
export const tn = translator<Keys>(lobbyWords);
/** Whether the lobby words have `key` (for keys built at run time: a newer server's option). */
export const hasName = (key: string): key is Keys => key in en;
