/** 大富豪's rules explained in Korean (help.ts lists the rules). */
import { namesIn, type RuleEntry } from "../../help";
import type { Rule } from "../help";
import { lobbyWords } from "../names";

const lobby = namesIn(lobbyWords).ko;

export const entries: Record<Rule, RuleEntry> = {
  revolution: {
    name: lobby("option.revolution"),
    text: "같은 숫자 4장(조커 포함 가능)을 내면 강약이 뒤집힙니다(3이 가장 세고 2가 가장 약함). 다시 4장을 내면 돌아옵니다. 예: 6·6·6·6으로 혁명한 뒤에는 5·5·5·5로 받을 수 있습니다.",
  },
  eight_cut: {
    name: lobby("option.eight_cut"),
    text: "8이 들어간 카드를 내면 바로 판이 흘러가고 낸 사람이 선이 됩니다. 예: 상대의 K에 8을 내면 바로 내 차례.",
  },
  sequences: {
    name: lobby("option.sequences"),
    text: "같은 무늬 3장 이상의 연속도 낼 수 있습니다(♠4·♠5·♠6). 같은 장수의 더 높은 계단으로 받습니다(♠4~6에는 ♥7~9 등). 2와 3은 이어지지 않습니다. 조커로 빈 곳을 채울 수 있습니다.",
  },
  sequence_revolution: {
    name: lobby("option.sequence_revolution"),
    text: "5장 이상의 계단도 혁명이 됩니다(계단과 혁명이 켜졌을 때).",
  },
  lock: {
    name: lobby("option.lock"),
    text: "바로 앞과 같은 무늬 조합이 이어지면 판이 흘러갈 때까지 그 무늬만 낼 수 있습니다. 예: ♠5·♥5 다음 ♠9·♥9가 나오면 ♠♥ 묶기. 다음에 ♠J·조커는 되지만 ♠J·♦J는 안 됩니다.",
  },
  eleven_back: {
    name: lobby("option.eleven_back"),
    text: "J가 들어간 카드를 내면 판이 흘러갈 때까지 강약이 뒤집힙니다. 예: J 다음에는 10보다 9가 셉니다.",
  },
  spade3: {
    name: lobby("option.spade3"),
    text: "조커 1장에는 ♠3 1장으로 이깁니다. 판이 흘러가고 ♠3을 낸 사람이 선.",
  },
  miyako_ochi: {
    name: lobby("option.miyako_ochi"),
    text: "앞 게임의 대부호는 다른 사람이 먼저 나는 순간 손패를 버리고 꼴찌가 됩니다.",
  },
  forbidden_finish: {
    name: lobby("option.forbidden_finish"),
    text: "마지막 카드가 조커·2(혁명 중에는 3)·8·♠3이면 꼴찌가 됩니다. 예: 마지막 한 장이 2라면 미리 내 두세요.",
  },
  jokers: {
    name: lobby("option.jokers"),
    text: "조커 1장은 어떤 카드보다 세고, 묶음에서는 모자란 카드를 대신합니다(5·5·조커는 5 세 장). 계단의 빈 곳도 채웁니다.",
  },
  rounds: {
    name: lobby("option.rounds"),
    text: "몇 게임을 할지. 게임마다 (인원 + 1 − 순위)점을 얻고, 합계가 가장 높은 사람이 이깁니다.",
  },
  order: {
    name: "강약 순서",
    text: "지금 어떤 카드가 센지. 보통은 3이 가장 약하고 2가 가장 셉니다(조커는 그보다 위). 혁명이나 11 백으로 뒤집힙니다.",
  },
};
