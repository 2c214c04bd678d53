/** Color Match (UNO-style) as the client knows it: see ../types.ts for what each member is for. */
import type { GamePlugin } from "../types";
import { FlyingCard } from "./CardFace";
import { cardName } from "./cards";
import { effects } from "./effects";
import { hasKey, tc } from "./i18n";
import { log } from "./log";
import { Ranking } from "./Ranking";
import { Table } from "./Table";
import "./color-match.css";

export const colorMatch: GamePlugin = {
  id: "color-match",
  name: () => tc("name"),
  blurb: () => tc("blurb"),
  rules: "/rules/color-match.html",
  options: {
    preset: (name) => (hasKey(`preset.${name}`) ? tc(`preset.${name}` as "preset.basic") : name),
    option: (name) => (hasKey(`option.${name}`) ? tc(`option.${name}` as "option.call") : name),
    hint: (name) => (hasKey(`hint.${name}`) ? tc(`hint.${name}` as "hint.stacking") : ""),
    value(option, value) {
      if (option === "call" && typeof value === "number") return tc("call.seconds", { n: value });
      const key = `${option}.${String(value)}`;
      return hasKey(key) ? tc(key) : String(value);
    },
  },
  Table,
  Ranking,
  Card: FlyingCard,
  cardsPlayed: (n) => tc("cards_played", { n }),
  cardName,
  log,
  effects,
  reason: (code) => (hasKey(`reason.${code}`) ? tc(`reason.${code}` as "reason.cannot_stack") : null),
};
