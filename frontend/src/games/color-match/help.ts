/** Color Match's rules explained (games/help.ts): the lobby's options, then what the table names. */
import { namesIn, ruleCatalogue } from "../help";
import { lobbyWords } from "./names";

const { en, ja, ko } = namesIn(lobbyWords);

export const help = ruleCatalogue({
  en: {
    multi_play: {
      name: en("option.multi_play"),
      text: "Play the same numbers (any colours), several Skips or several Reverses together. The last card you pick goes on top and sets the colour.",
    },
    stacking: {
      name: en("option.stacking"),
      text: "When a Draw Two or a Wild Draw Four comes to you, answer it with another draw card: the total grows and passes on, and the first player who cannot answer draws it all.",
    },
    challenge: {
      name: en("option.challenge"),
      text: "A Wild Draw Four may only be played without a card of the colour in play. Doubt it? Challenge: if its player held that colour, they draw 4; if not, you draw the total + 2.",
    },
    no_action_finish: {
      name: en("option.no_action_finish"),
      text: "You cannot go out on a Skip, Reverse, Draw Two or Wild: if your last card is one of them, you draw one card instead.",
    },
    call: {
      name: en("option.call"),
      text: "When you are down to one card, press “Last card!” (you may press it already with two cards). Forget it and you draw 2 — when someone calls you out, when the next player moves, or when the seconds run out, as the lobby chose.",
    },
    color_before: {
      name: "Before the +4",
      text: "The colour in play before the Wild Draw Four. Its player may not have held a card of this colour: if you think they did, challenge.",
    },
    undeclared: {
      name: "Not called",
      text: "This player holds one card and did not press “Last card!”. Call them out before the next player moves and they draw 2.",
    },
  },
  ja: {
    multi_play: {
      name: ja("option.multi_play"),
      text: "同じ数字（色は違ってよい）、スキップ同士、リバース同士を一度に出せる。最後に選んだ札が一番上になり、色を決める。",
    },
    stacking: {
      name: ja("option.stacking"),
      text: "ドロー 2・ワイルドドロー 4 を出されたら、ドロー札を重ねて次の人へ回せる。枚数は累積し、重ねられなかった人がまとめて引く。",
    },
    challenge: {
      name: ja("option.challenge"),
      text: "ワイルドドロー 4 は場の色の札を持っていないときだけ出せる。怪しいと思ったらチャレンジ：その人が場の色を持っていたら 4 枚引く。外れたら自分が累積枚数＋2 枚引く。",
    },
    no_action_finish: {
      name: ja("option.no_action_finish"),
      text: "スキップ・リバース・ドロー 2・ワイルドなどの記号札では上がれない。最後の札が記号札なら、上がらずに 1 枚引く。",
    },
    call: {
      name: ja("option.call"),
      text: "残り 1 枚になるときは「あと 1 枚」を押す（2 枚の手番で先に押してもよい）。忘れると 2 枚引く：ほかの人に指摘されたとき、次の人が動いたとき、または秒数が切れたとき（ロビーの設定しだい）。",
    },
    color_before: {
      name: "+4 の前の色",
      text: "ワイルドドロー 4 が出る前の場の色。出した人はこの色の札を持っていてはいけない。持っていたと思ったらチャレンジ。",
    },
    undeclared: {
      name: "未宣言",
      text: "残り 1 枚なのに「あと 1 枚」を押していない人。次の人が動く前に「指摘する」を押すと、その人が 2 枚引く。",
    },
  },
  ko: {
    multi_play: {
      name: ko("option.multi_play"),
      text: "같은 숫자(색은 달라도 됨), 스킵끼리, 리버스끼리 한 번에 냅니다. 마지막에 고른 카드가 맨 위가 되어 색을 정합니다.",
    },
    stacking: {
      name: ko("option.stacking"),
      text: "드로우 2나 와일드 드로우 4가 오면 드로우 카드를 겹쳐 다음 사람에게 넘깁니다. 장수는 누적되고, 겹치지 못한 사람이 모두 뽑습니다.",
    },
    challenge: {
      name: ko("option.challenge"),
      text: "와일드 드로우 4는 지금 색의 카드가 없을 때만 낼 수 있습니다. 의심되면 챌린지: 그 사람이 그 색을 갖고 있었다면 4장을 뽑고, 아니면 내가 누적 장수 + 2장을 뽑습니다.",
    },
    no_action_finish: {
      name: ko("option.no_action_finish"),
      text: "스킵·리버스·드로우 2·와일드 같은 기호 카드로는 끝낼 수 없습니다. 마지막 카드가 기호 카드면 끝내지 못하고 1장 뽑습니다.",
    },
    call: {
      name: ko("option.call"),
      text: "카드가 1장 남게 되면 '한 장 남음'을 누르세요(2장일 때 미리 눌러도 됩니다). 잊으면 2장을 뽑습니다: 다른 사람이 지적했을 때, 다음 사람이 움직였을 때, 또는 초가 다 되었을 때(로비 설정에 따라).",
    },
    color_before: {
      name: "+4 이전 색",
      text: "와일드 드로우 4가 나오기 전의 색. 낸 사람은 이 색의 카드가 없어야 합니다. 있었다고 생각되면 챌린지하세요.",
    },
    undeclared: {
      name: "미선언",
      text: "1장 남았는데 '한 장 남음'을 누르지 않은 사람. 다음 사람이 움직이기 전에 '지적하기'를 누르면 그 사람이 2장을 뽑습니다.",
    },
  },
}, ["multi_play", "stacking", "challenge", "no_action_finish", "call"]);
