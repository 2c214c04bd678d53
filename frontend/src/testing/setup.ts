/**
 * Vitest's set-up (vite.config.ts): every language and every game's table loaded, as the app has them once it
 * reads that language and a room frame names that game.
 */
import { games, loadGame } from "../games";
import { loadLanguage } from "../i18n";

await Promise.all([loadLanguage("en"), loadLanguage("ja"), loadLanguage("ko"), ...games().map((game) => loadGame(game.id))]);
