/** Color Rows' rules explained (games/help.ts): its one option, then what the table names. */
import { namesIn, ruleCatalogue } from "../help";
import { lobbyWords } from "./names";

const { en, ja, ko } = namesIn(lobbyWords);

export const help = ruleCatalogue({
  en: {
    scoring: {
      name: en("option.scoring"),
      text: "How a colour scores by its number of cards: standard (brown) 1, 3, 6, 10, 15, 21 for 6 or more; variant (violet) 1, 4, 8, 7, 6, 5 — there, more is not always better.",
    },
    rows: {
      name: "Rows",
      text: "One row per player, up to 3 cards each. On your turn turn up a card and place it in a row with room — or take a row with at least one card: its cards join your collection and you are out for the round.",
    },
    round: {
      name: "Round",
      text: "A round ends when everyone has taken a row; whoever took the last row starts the next.",
    },
    supply: {
      name: "Supply",
      text: "The cards still to be turned up. Taking the row with the golden joker also gives you the top card of the supply.",
    },
    last_round: {
      name: "Last round",
      text: "The last-round card has come up: this round is the last. Then the scores are counted.",
    },
    joker: {
      name: "Joker",
      text: "Counts as any colour at the end; Deckroom picks the best choice for you.",
    },
    plus2: {
      name: "+2",
      text: "Each +2 card is worth 2 points, whatever your colours.",
    },
    three_colors: {
      name: "Three colours",
      text: "Your three best colours score plus; every other colour scores minus. A fourth colour costs points: do not grab everything.",
    },
  },
  ja: {
    scoring: {
      name: ja("option.scoring"),
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
  },
  ko: {
    scoring: {
      name: ko("option.scoring"),
      text: "같은 색 카드 장수에 따른 점수. 표준(갈색 면)은 1·3·6·10·15·21(6장 이상). 변형(보라색 면)은 1·4·8·7·6·5로, 많다고 좋은 것만은 아닙니다.",
    },
    rows: {
      name: "줄",
      text: "인원수만큼 줄이 있고 한 줄에 3장까지. 차례에는 카드를 뒤집어 빈자리가 있는 줄에 놓거나, 1장 이상 있는 줄을 가져옵니다. 가져온 카드는 내 카드가 되고 그 라운드는 빠집니다.",
    },
    round: {
      name: "라운드",
      text: "모두가 줄을 가져가면 라운드가 끝납니다. 마지막 줄을 가져간 사람이 다음 라운드를 시작합니다.",
    },
    supply: {
      name: "더미",
      text: "앞으로 뒤집을 카드. 황금 조커가 있는 줄을 가져가면 더미 맨 위 카드도 받습니다.",
    },
    last_round: {
      name: "마지막 라운드",
      text: "마지막 라운드 카드가 나왔습니다. 이번 라운드로 끝나고 점수를 셉니다.",
    },
    joker: {
      name: "조커",
      text: "마지막에 아무 색으로나 셉니다. 가장 유리한 색을 Deckroom이 골라 줍니다.",
    },
    plus2: {
      name: "+2",
      text: "+2 카드는 1장에 2점. 색과 상관없이 더해집니다.",
    },
    three_colors: {
      name: "세 가지 색",
      text: "가장 많은 3색은 플러스, 나머지 색은 모두 마이너스. 네 번째 색은 점수를 깎으니 다 가져가지 마세요.",
    },
  },
}, []);
