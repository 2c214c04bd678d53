/** Names of games, CPU levels and options, from the catalogues. */
import { t, type Key } from "../i18n";

export const gameName = (game: string): string => t(`game.${game}` as Key);
