/** Addresses of the static rules pages (built from `rules/*.html`), with the language to open them in. */
import { app } from "../../app";
import { gameOf } from "../../games";

/** The rules page of `game` in the reader's language, or null when the game has none. */
export function rulesUrl(game: string | null | undefined): string | null {
  const page = gameOf(game)?.rules;
  return page ? `${page}?lang=${app.get().lang}` : null;
}
