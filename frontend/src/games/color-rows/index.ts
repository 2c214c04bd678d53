/** Color Rows (Coloretto-style) as the site knows it from the start: see ../types.ts for what each member is for. */
import type { GameInfo } from "../types";
import { hasName, tn } from "./names";

export const colorRows: GameInfo = {
  id: "color-rows",
  name: () => tn("name"),
  blurb: () => tn("blurb"),
  rules: "/rules/color-rows.html",
  options: {
    // The presets are the scoring sides ("standard", "variant"): named as the option's values.
    preset: (name) => (hasName(`value.scoring.${name}`) ? tn(`value.scoring.${name}` as "value.scoring.standard") : name),
    option: (name) => (hasName(`option.${name}`) ? tn(`option.${name}` as "option.scoring") : name),
    hint: () => "",
    value(option, value) {
      const key = `value.${option}.${String(value)}`;
      return hasName(key) ? tn(key) : String(value);
    },
  },
  cardsPlayed: (n) => tn("cards_played", { n }),
  load: () => import("./play").then((module) => module.play),
  help: () => import("./help").then((module) => module.help),
};
