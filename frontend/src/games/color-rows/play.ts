/** Color Rows's table and all that comes with it, loaded on demand (`colorRows.load()` in index.ts). */
import type { GamePlay } from "../types";
import { rowCardName } from "./cards";
import { effects } from "./effects";
import { help } from "./help";
import { words } from "./i18n";
import { log } from "./log";
import { Ranking } from "./Ranking";
import { FlyingCard } from "./RowCard";
import { Table } from "./Table";
import "./color-rows.css";

export const play: GamePlay = {
  ready: Promise.all([words.ready, help.ready]),
  Table,
  Ranking,
  Card: FlyingCard,
  cardName: rowCardName,
  log,
  effects,
};
