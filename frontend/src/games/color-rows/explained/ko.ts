/** Color Rows's rules explained in Korean (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).ko;

export const entries: Record<Rule, RuleEntry> = {
  scoring: {
    name: lobby("option.scoring"),
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
};
