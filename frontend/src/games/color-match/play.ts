/** Color Match's table and all that comes with it, loaded on demand (`colorMatch.load()` in index.ts). */
import type { GamePlay } from "../types";
import { FlyingCard } from "./CardFace";
import { cardName } from "./cards";
import { effects } from "./effects";
import { help } from "./help";
import { hasKey, tc, words } from "./i18n";
import { log } from "./log";
import { Ranking } from "./Ranking";
import { Table } from "./Table";
import "./color-match.css";

export const play: GamePlay = {
  ready: Promise.all([words.ready, help.ready]),
  Table,
  Ranking,
  Card: FlyingCard,
  cardName,
  log,
  effects,
  reason: (code) => (hasKey(`reason.${code}`) ? tc(`reason.${code}` as "reason.cannot_stack") : null),
};
