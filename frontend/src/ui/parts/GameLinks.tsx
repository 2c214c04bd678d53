/** Every game the site knows, with a line each and a link to its rules page. */
import { games } from "../../games";
import { t } from "../../i18n";
import { rulesUrl } from "../logic/links";

export function GameLinks() {
  return (
    <section class="card-panel games-intro" aria-label={t("home.games")}>
      <h2>{t("home.games")}</h2>
      <ul class="plain">
        {games().map((game) => (
          <li class="game-intro">
            <span class={`game-icon ${game.id}`} aria-hidden="true" />
            <span>
              <b>{game.name()}</b>
              <small>{game.blurb()}</small>
            </span>
            {game.rules && <a class="button small" href={rulesUrl(game.id)!}>{t("home.rules")}</a>}
          </li>
        ))}
      </ul>
    </section>
  );
}
