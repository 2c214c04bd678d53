/** Color Rows's rules explained in Japanese (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).ja;

export const entries: Record<Rule, RuleEntry> = {
  scoring: {
    name: lobby("option.scoring"),
    text: "同じ色の枚数ごとの点数。標準（茶色の面）は 1・3・6・10・15・21（6 枚以上）。変形（紫の面）は 1・4・8・7・6・5 で、多ければよいとは限らない。",
  },
  rows: {
    name: "列",
    text: "人数分の列があり、1 列に 3 枚まで。手番では札をめくって空きのある列に置くか、1 枚以上ある列を取る。取った札は自分の札になり、そのラウンドは抜ける。",
  },
  round: {
    name: "ラウンド",
    text: "全員が列を取ったらラウンド終わり。最後の列を取った人が次のラウンドを始める。",
  },
  supply: {
    name: "山",
    text: "これからめくる札。金のジョーカーがある列を取ると、山の一番上の札ももらえる。",
  },
  last_round: {
    name: "最終ラウンド",
    text: "最終ラウンドの札が出た。このラウンドで終わり、そのあと点数を数える。",
  },
  joker: {
    name: "ジョーカー",
    text: "最後に好きな色として数える。いちばん得になる色を Deckroom が選ぶ。",
  },
  plus2: {
    name: "+2",
    text: "+2 の札は 1 枚 2 点。色に関係なく加点。",
  },
  three_colors: {
    name: "3 色",
    text: "枚数の多い 3 色がプラス、ほかの色はすべてマイナス。4 色目は点を減らすので、何でも取らないこと。",
  },
};
