/** Color Rows (Coloretto-style) as the client knows it: see ../types.ts for what each member is for. */
import type { GamePlugin } from "../types";
import { FlyingCard } from "./RowCard";
import { rowCardName } from "./cards";
import { effects } from "./effects";
import { hasKey, tr } from "./i18n";
import { log } from "./log";
import { Ranking } from "./Ranking";
import { Table } from "./Table";
import "./color-rows.css";

export const colorRows: GamePlugin = {
  id: "color-rows",
  name: () => tr("name"),
  blurb: () => tr("blurb"),
  rules: "/rules/color-rows.html",
  options: {
    // The presets are the scoring sides ("standard", "variant"): named as the option's values.
    preset: (name) => (hasKey(`value.scoring.${name}`) ? tr(`value.scoring.${name}` as "value.scoring.standard") : name),
    option: (name) => (hasKey(`option.${name}`) ? tr(`option.${name}` as "option.scoring") : name),
    hint: () => "",
    value(option, value) {
      const key = `value.${option}.${String(value)}`;
      return hasKey(key) ? tr(key) : String(value);
    },
  },
  Table,
  Ranking,
  Card: FlyingCard,
  cardsPlayed: (n) => tr("cards_played", { n }),
  cardName: rowCardName,
  log,
  effects,
};
