/** Color Match's rules explained in Korean (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).ko;

export const entries: Record<Rule, RuleEntry> = {
  multi_play: {
    name: lobby("option.multi_play"),
    text: "같은 숫자(색은 달라도 됨), 스킵끼리, 리버스끼리 한 번에 냅니다. 마지막에 고른 카드가 맨 위가 되어 색을 정합니다.",
  },
  stacking: {
    name: lobby("option.stacking"),
    text: "드로우 2나 와일드 드로우 4가 오면 드로우 카드를 겹쳐 다음 사람에게 넘깁니다. 장수는 누적되고, 겹치지 못한 사람이 모두 뽑습니다.",
  },
  challenge: {
    name: lobby("option.challenge"),
    text: "와일드 드로우 4는 지금 색의 카드가 없을 때만 낼 수 있습니다. 의심되면 챌린지: 그 사람이 그 색을 갖고 있었다면 4장을 뽑고, 아니면 내가 누적 장수 + 2장을 뽑습니다.",
  },
  no_action_finish: {
    name: lobby("option.no_action_finish"),
    text: "스킵·리버스·드로우 2·와일드 같은 기호 카드로는 끝낼 수 없습니다. 마지막 카드가 기호 카드면 끝내지 못하고 1장 뽑습니다.",
  },
  call: {
    name: lobby("option.call"),
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
};
