/** Color Match's rules explained in Japanese (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).ja;

export const entries: Record<Rule, RuleEntry> = {
  multi_play: {
    name: lobby("option.multi_play"),
    text: "同じ数字（色は違ってよい）、スキップ同士、リバース同士を一度に出せる。最後に選んだ札が一番上になり、色を決める。",
  },
  stacking: {
    name: lobby("option.stacking"),
    text: "ドロー 2・ワイルドドロー 4 を出されたら、ドロー札を重ねて次の人へ回せる。枚数は累積し、重ねられなかった人がまとめて引く。",
  },
  challenge: {
    name: lobby("option.challenge"),
    text: "ワイルドドロー 4 は場の色の札を持っていないときだけ出せる。怪しいと思ったらチャレンジ：その人が場の色を持っていたら 4 枚引く。外れたら自分が累積枚数＋2 枚引く。",
  },
  no_action_finish: {
    name: lobby("option.no_action_finish"),
    text: "スキップ・リバース・ドロー 2・ワイルドなどの記号札では上がれない。最後の札が記号札なら、上がらずに 1 枚引く。",
  },
  call: {
    name: lobby("option.call"),
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
};
