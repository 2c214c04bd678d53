/** The whole site: the bar, the screen the player is at, the connection state and the latest notice. */
import { useEffect } from "preact/hooks";
import { app, dismissNotice } from "../app";
import { setLanguage, t, tKnown } from "../i18n";
import { useStore } from "../store";
import { HomeScreen } from "./HomeScreen";
import { RoomScreen } from "./RoomScreen";
import { StartScreen } from "./StartScreen";
import { TopBar } from "./TopBar";

export function App() {
  const state = useStore(app);
  setLanguage(state.lang);
  return (
    <>
      <TopBar />
      <ConnectionBanner />
      {screen()}
      {state.notice && <Notice key={state.notice.id} code={state.notice.code} />}
    </>
  );

  function screen() {
    if (state.status === "no_config") return <main class="screen"><p class="callout">{t("conn.no_config")}</p></main>;
    if (state.room) return <RoomScreen room={state.room} />;
    if (state.welcomed) return <HomeScreen />;
    if (state.identity) return <main class="screen"><p class="muted center">{t("conn.connecting")}</p></main>;
    return <StartScreen />;
  }
}

/** A visible "reconnecting" state, so a frozen screen is never mistaken for a slow opponent. */
function ConnectionBanner() {
  const { status } = useStore(app);
  if (status !== "reconnecting") return null;
  return <div class="banner" role="status" aria-live="polite">{t("conn.reconnecting")}</div>;
}

function Notice({ code }: { code: string }) {
  useEffect(() => {
    const timer = window.setTimeout(dismissNotice, 5000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div class="toast" role="alert">
      <span>{tKnown(`error.${code}`)}</span>
      <button class="icon-button small" aria-label={t("common.close")} onClick={dismissNotice}>×</button>
    </div>
  );
}
