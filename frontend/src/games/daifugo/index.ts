/** 大富豪 (Daifugō) as the site knows it from the start: see ../types.ts for what each member is for. */
import type { GameInfo } from "../types";
import { hasName, tn } from "./names";

/** The catalogue's words for `key`, or `fallback` for a key it does not have (a newer server's option). */
const labelled = (key: string, fallback: string): string => (hasName(key) ? tn(key) : fallback);

export const daifugo: GameInfo = {
  id: "daifugo",
  name: () => tn("name"),
  blurb: () => tn("blurb"),
  rules: "/rules/daifugo.html",
  options: {
    preset: (name) => labelled(`preset.${name}`, name),
    option: (name) => labelled(`option.${name}`, name),
    hint: (name) => labelled(`hint.${name}`, ""),
    value(option, value) {
      if (option === "jokers" && typeof value === "number") return value ? tn("value.jokers", { n: value }) : tn("value.no_jokers");
      if (option === "rounds" && typeof value === "number") return tn("value.rounds", { n: value });
      return String(value);
    },
  },
  cardsPlayed: (n) => tn("cards_played", { n }),
  load: () => import("./play").then((module) => module.play),
  help: () => import("./help").then((module) => module.help),
};
