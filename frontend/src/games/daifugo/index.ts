/** 大富豪 (Daifugō) as the client knows it: see ../types.ts for what each member is for. */
import type { GamePlugin } from "../types";
import { FlyingCard } from "./CardFace";
import { cardName } from "./cards";
import { effects } from "./effects";
import { hasKey, td } from "./i18n";
import { log } from "./log";
import { Ranking } from "./Ranking";
import { Table } from "./Table";
import "./daifugo.css";

/** The catalogue's words for `key`, or `fallback` for a key it does not have (a newer server's option). */
const labelled = (key: string, fallback: string): string => (hasKey(key) ? td(key) : fallback);

export const daifugo: GamePlugin = {
  id: "daifugo",
  name: () => td("name"),
  blurb: () => td("blurb"),
  rules: "/rules/daifugo.html",
  options: {
    preset: (name) => labelled(`preset.${name}`, name),
    option: (name) => labelled(`option.${name}`, name),
    hint: (name) => labelled(`hint.${name}`, ""),
    value(option, value) {
      if (option === "jokers" && typeof value === "number") return value ? td("value.jokers", { n: value }) : td("value.no_jokers");
      if (option === "rounds" && typeof value === "number") return td("value.rounds", { n: value });
      return String(value);
    },
  },
  Table,
  Ranking,
  Card: FlyingCard,
  cardsPlayed: (n) => td("cards_played", { n }),
  cardName,
  log,
  effects,
  reason(code) {
    const key = `reason.${code}`;
    return hasKey(key) ? td(key) : null;
  },
};
