/**
 * Vitest's set-up (vite.config.ts): every language and every game's table loaded, as the app has them once it
 * reads that language and a room frame names that game.
 */
import { games, loadGame } from "../games";
import { loadLanguage } from "../i18n";
import { LANGS } from "../prefs-types";

await Promise.all(games().map((game) => loadGame(game.id)));
await Promise.all(LANGS.map(loadLanguage)); // the site's words and the games' (loaded above) in every language
