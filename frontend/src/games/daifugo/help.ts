/** 大富豪's rules explained (games/help.ts): the lobby's options, then what the table names. */
import { namesIn, ruleCatalogue } from "../help";
import { lobbyWords } from "./names";

const { en, ja, ko } = namesIn(lobbyWords);

export const help = ruleCatalogue({
  en: {
    revolution: {
      name: en("option.revolution"),
      text: "Four cards of one rank, jokers included, reverse the order: 3 becomes strongest and 2 weakest. Four more reverse it back. Example: after a revolution of 6-6-6-6, 5-5-5-5 beats it.",
    },
    eight_cut: {
      name: en("option.eight_cut"),
      text: "A play containing an 8 clears the field at once, and its player leads. Example: an 8 on someone's K makes it your lead.",
    },
    sequences: {
      name: en("option.sequences"),
      text: "Three or more cards of one suit in a row may be played (♠4, ♠5, ♠6), beaten by a higher run of the same length (♥7–9 on ♠4–6). 2 and 3 do not connect. A joker may fill a gap.",
    },
    sequence_revolution: {
      name: en("option.sequence_revolution"),
      text: "A run of five or more is a revolution too (with runs and revolution on).",
    },
    lock: {
      name: en("option.lock"),
      text: "When a play has the same suits as the play before it, the field is locked to those suits until it clears. Example: ♠5 ♥5, then ♠9 ♥9 locks ♠♥; then ♠J with a joker may follow, ♠J ♦J may not.",
    },
    eleven_back: {
      name: en("option.eleven_back"),
      text: "A play containing a J reverses the order until the field clears. Example: after a J, a 9 beats a 10.",
    },
    spade3: {
      name: en("option.spade3"),
      text: "A lone ♠3 beats a lone joker; the field clears and the ♠3's player leads.",
    },
    miyako_ochi: {
      name: en("option.miyako_ochi"),
      text: "If someone else goes out first, the previous round's Daifugō drops out at once, last.",
    },
    forbidden_finish: {
      name: en("option.forbidden_finish"),
      text: "Going out on a joker, a 2 (a 3 in revolution), an 8 or the ♠3 puts you last. Example: play your last 2 before your last card.",
    },
    jokers: {
      name: en("option.jokers"),
      text: "A joker beats any single card and stands in for a missing card in a set (5, 5, joker is three 5s) or a run.",
    },
    rounds: {
      name: en("option.rounds"),
      text: "How many rounds are played. Each round scores (players + 1 − place) points; the highest total wins.",
    },
    order: {
      name: "Order",
      text: "Which cards are strong now: normally 3 is weakest and 2 strongest (the joker above all). A revolution or a Jack back turns it over.",
    },
  },
  ja: {
    revolution: {
      name: ja("option.revolution"),
      text: "同じ数字 4 枚（ジョーカー入りでもよい）を出すと、強さが逆になる（3 がいちばん強く 2 がいちばん弱い）。もう一度 4 枚出すと元に戻る（革命返し）。例：6・6・6・6 で革命したあとは、5・5・5・5 で返せる。",
    },
    eight_cut: {
      name: ja("option.eight_cut"),
      text: "8 を含む札を出すと、その場で場が流れて、出した人が親になる。例：相手の K に 8 を出せば、すぐ自分の番。",
    },
    sequences: {
      name: ja("option.sequences"),
      text: "同じマークの 3 枚以上の連番も出せる（♠4・♠5・♠6）。返すのは同じ枚数の、もっと上の階段（♠4〜6 には ♥7〜9 など）。2 と 3 はつながらない。ジョーカーは抜けた所を埋められる。",
    },
    sequence_revolution: {
      name: ja("option.sequence_revolution"),
      text: "5 枚以上の階段でも革命になる（階段と革命がオンのとき）。",
    },
    lock: {
      name: ja("option.lock"),
      text: "直前と同じマークの組み合わせが続くと、場が流れるまでそのマークしか出せない。例：♠5・♥5 のあとに ♠9・♥9 が出ると ♠♥ 縛り。次は ♠J・ジョーカーは出せるが ♠J・♦J は出せない。",
    },
    eleven_back: {
      name: ja("option.eleven_back"),
      text: "J を含む札を出すと、場が流れるまで強さが逆になる。例：J を出したあとは 10 より 9 が強い。",
    },
    spade3: {
      name: ja("option.spade3"),
      text: "ジョーカー 1 枚には、♠3 を 1 枚出して勝てる。場が流れて ♠3 を出した人が親。",
    },
    miyako_ochi: {
      name: ja("option.miyako_ochi"),
      text: "前のゲームの大富豪は、ほかの人が先に上がった時点で手札を捨てて最下位になる。",
    },
    forbidden_finish: {
      name: ja("option.forbidden_finish"),
      text: "最後の札がジョーカー・2（革命中は 3）・8・♠3 だと上がれず、最下位になる。例：残り 1 枚の 2 は先に出しておこう。",
    },
    jokers: {
      name: ja("option.jokers"),
      text: "ジョーカーは 1 枚ならどの札より強く、組の中では足りない札の代わりになる（5・5・ジョーカーで 5 の 3 枚）。階段の穴も埋められる。",
    },
    rounds: {
      name: ja("option.rounds"),
      text: "何ゲーム続けるか。ゲームごとに（人数＋1−順位）点が入り、合計点がいちばん多い人の勝ち。",
    },
    order: {
      name: "強さの順",
      text: "いまどの札が強いか。ふだんは 3 がいちばん弱く 2 がいちばん強い（ジョーカーはさらに上）。革命や 11バックで逆になる。",
    },
  },
  ko: {
    revolution: {
      name: ko("option.revolution"),
      text: "같은 숫자 4장(조커 포함 가능)을 내면 강약이 뒤집힙니다(3이 가장 세고 2가 가장 약함). 다시 4장을 내면 돌아옵니다. 예: 6·6·6·6으로 혁명한 뒤에는 5·5·5·5로 받을 수 있습니다.",
    },
    eight_cut: {
      name: ko("option.eight_cut"),
      text: "8이 들어간 카드를 내면 바로 판이 흘러가고 낸 사람이 선이 됩니다. 예: 상대의 K에 8을 내면 바로 내 차례.",
    },
    sequences: {
      name: ko("option.sequences"),
      text: "같은 무늬 3장 이상의 연속도 낼 수 있습니다(♠4·♠5·♠6). 같은 장수의 더 높은 계단으로 받습니다(♠4~6에는 ♥7~9 등). 2와 3은 이어지지 않습니다. 조커로 빈 곳을 채울 수 있습니다.",
    },
    sequence_revolution: {
      name: ko("option.sequence_revolution"),
      text: "5장 이상의 계단도 혁명이 됩니다(계단과 혁명이 켜졌을 때).",
    },
    lock: {
      name: ko("option.lock"),
      text: "바로 앞과 같은 무늬 조합이 이어지면 판이 흘러갈 때까지 그 무늬만 낼 수 있습니다. 예: ♠5·♥5 다음 ♠9·♥9가 나오면 ♠♥ 묶기. 다음에 ♠J·조커는 되지만 ♠J·♦J는 안 됩니다.",
    },
    eleven_back: {
      name: ko("option.eleven_back"),
      text: "J가 들어간 카드를 내면 판이 흘러갈 때까지 강약이 뒤집힙니다. 예: J 다음에는 10보다 9가 셉니다.",
    },
    spade3: {
      name: ko("option.spade3"),
      text: "조커 1장에는 ♠3 1장으로 이깁니다. 판이 흘러가고 ♠3을 낸 사람이 선.",
    },
    miyako_ochi: {
      name: ko("option.miyako_ochi"),
      text: "앞 게임의 대부호는 다른 사람이 먼저 나는 순간 손패를 버리고 꼴찌가 됩니다.",
    },
    forbidden_finish: {
      name: ko("option.forbidden_finish"),
      text: "마지막 카드가 조커·2(혁명 중에는 3)·8·♠3이면 꼴찌가 됩니다. 예: 마지막 한 장이 2라면 미리 내 두세요.",
    },
    jokers: {
      name: ko("option.jokers"),
      text: "조커 1장은 어떤 카드보다 세고, 묶음에서는 모자란 카드를 대신합니다(5·5·조커는 5 세 장). 계단의 빈 곳도 채웁니다.",
    },
    rounds: {
      name: ko("option.rounds"),
      text: "몇 게임을 할지. 게임마다 (인원 + 1 − 순위)점을 얻고, 합계가 가장 높은 사람이 이깁니다.",
    },
    order: {
      name: "강약 순서",
      text: "지금 어떤 카드가 센지. 보통은 3이 가장 약하고 2가 가장 셉니다(조커는 그보다 위). 혁명이나 11 백으로 뒤집힙니다.",
    },
  },
}, ["revolution", "eight_cut", "sequences", "sequence_revolution", "lock", "eleven_back", "spade3", "miyako_ochi",
  "forbidden_finish"]);
