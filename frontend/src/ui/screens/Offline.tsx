/**
 * The site opened without its configuration: offline, or on a connection that is up but does not work (`onLine`
 * is still true then), which a player cannot tell apart either — so both get the same screen: the game needs a
 * connection, the rules (cached by the service worker) do not. touch/index.ts tries again when the phone is back.
 */
import { t } from "../../i18n";
import { GameLinks } from "../parts/GameLinks";

export function NoConnection() {
  return (
    <main class="screen offline">
      <section class="card-panel" role="status">
        <h1>{t("touch.offline_title")}</h1>
        <p>{t("touch.offline")}</p>
      </section>
      <GameLinks />
    </main>
  );
}
