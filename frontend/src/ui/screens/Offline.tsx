/** The site opened without its configuration: offline (the game needs a connection; the rules do not), or not. */
import { t } from "../../i18n";
import { useStore } from "../../store";
import { touch } from "../../touch/state";
import { GameLinks } from "../parts/GameLinks";

export function NoConnection() {
  const { online } = useStore(touch);
  if (online) return <main class="screen"><p class="callout">{t("conn.no_config")}</p></main>;
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
