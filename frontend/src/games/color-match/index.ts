/** Color Match (UNO-style) as the site knows it from the start: see ../types.ts for what each member is for. */
import type { GameInfo } from "../types";
import { hasName, tn } from "./names";

export const colorMatch: GameInfo = {
  id: "color-match",
  name: () => tn("name"),
  blurb: () => tn("blurb"),
  rules: "/rules/color-match.html",
  options: {
    preset: (name) => (hasName(`preset.${name}`) ? tn(`preset.${name}` as "preset.basic") : name),
    option: (name) => (hasName(`option.${name}`) ? tn(`option.${name}` as "option.call") : name),
    hint: (name) => (hasName(`hint.${name}`) ? tn(`hint.${name}` as "hint.stacking") : ""),
    value(option, value) {
      if (option === "call" && typeof value === "number") return tn("call.seconds", { n: value });
      const key = `${option}.${String(value)}`;
      return hasName(key) ? tn(key) : String(value);
    },
  },
  cardsPlayed: (n) => tn("cards_played", { n }),
  load: () => import("./play").then((module) => module.play),
  help: () => import("./help").then((module) => module.help),
};
