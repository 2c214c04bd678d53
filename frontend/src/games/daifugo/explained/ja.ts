/** 大富豪's rules explained in Japanese (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).ja;

export const entries: Record<Rule, RuleEntry> = {
  revolution: {
    name: lobby("option.revolution"),
    text: "同じ数字 4 枚（ジョーカー入りでもよい）を出すと、強さが逆になる（3 がいちばん強く 2 がいちばん弱い）。もう一度 4 枚出すと元に戻る（革命返し）。例：6・6・6・6 で革命したあとは、5・5・5・5 で返せる。",
  },
  eight_cut: {
    name: lobby("option.eight_cut"),
    text: "8 を含む札を出すと、その場で場が流れて、出した人が親になる。例：相手の K に 8 を出せば、すぐ自分の番。",
  },
  sequences: {
    name: lobby("option.sequences"),
    text: "同じマークの 3 枚以上の連番も出せる（♠4・♠5・♠6）。返すのは同じ枚数の、もっと上の階段（♠4〜6 には ♥7〜9 など）。2 と 3 はつながらない。ジョーカーは抜けた所を埋められる。",
  },
  sequence_revolution: {
    name: lobby("option.sequence_revolution"),
    text: "5 枚以上の階段でも革命になる（階段と革命がオンのとき）。",
  },
  lock: {
    name: lobby("option.lock"),
    text: "直前と同じマークの組み合わせが続くと、場が流れるまでそのマークしか出せない。例：♠5・♥5 のあとに ♠9・♥9 が出ると ♠♥ 縛り。次は ♠J・ジョーカーは出せるが ♠J・♦J は出せない。",
  },
  eleven_back: {
    name: lobby("option.eleven_back"),
    text: "J を含む札を出すと、場が流れるまで強さが逆になる。例：J を出したあとは 10 より 9 が強い。",
  },
  spade3: {
    name: lobby("option.spade3"),
    text: "ジョーカー 1 枚には、♠3 を 1 枚出して勝てる。場が流れて ♠3 を出した人が親。",
  },
  miyako_ochi: {
    name: lobby("option.miyako_ochi"),
    text: "前のゲームの大富豪は、ほかの人が先に上がった時点で手札を捨てて最下位になる。",
  },
  forbidden_finish: {
    name: lobby("option.forbidden_finish"),
    text: "最後の札がジョーカー・2（革命中は 3）・8・♠3 だと上がれず、最下位になる。例：残り 1 枚の 2 は先に出しておこう。",
  },
  jokers: {
    name: lobby("option.jokers"),
    text: "ジョーカーは 1 枚ならどの札より強く、組の中では足りない札の代わりになる（5・5・ジョーカーで 5 の 3 枚）。階段の穴も埋められる。",
  },
  rounds: {
    name: lobby("option.rounds"),
    text: "何ゲーム続けるか。ゲームごとに（人数＋1−順位）点が入り、合計点がいちばん多い人の勝ち。",
  },
  order: {
    name: "強さの順",
    text: "いまどの札が強いか。ふだんは 3 がいちばん弱く 2 がいちばん強い（ジョーカーはさらに上）。革命や 11バックで逆になる。",
  },
};
