/** Addresses of the static rules pages (built from `rules/*.html`), with the language to open them in. */
import { app } from "../app";

export function rulesUrl(game: string): string {
  return `/rules/${game}.html?lang=${app.get().lang}`;
}
