/** The two games with a line each and a link to their rules page. */
import { t } from "../i18n";
import { GAME_IDS } from "../net/protocol";
import { gameName } from "./names";
import { rulesUrl } from "./links";

export function GameLinks() {
  return (
    <section class="card-panel games-intro" aria-label={t("home.games")}>
      <h2>{t("home.games")}</h2>
      <ul class="plain">
        {GAME_IDS.map((game) => (
          <li class="game-intro">
            <span class={`game-icon ${game}`} aria-hidden="true" />
            <span>
              <b>{gameName(game)}</b>
              <small>{t(`game.${game}.blurb`)}</small>
            </span>
            <a class="button small" href={rulesUrl(game)}>{t("home.rules")}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
