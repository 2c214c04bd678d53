/** The whole site: the bar, the screen the player is at, the connection state and the latest notice. */
import { useEffect, useLayoutEffect } from "preact/hooks";
import { app, dismissNotice, profileView, replayView, type Notice as NoticeData } from "../app";
import { setLanguage, t } from "../i18n";
import { useStore } from "../store";
import { touch } from "../touch/state";
import { noticeText } from "./logic/notice";
import { TopBar } from "./parts/TopBar";
import { HomeScreen } from "./screens/HomeScreen";
import { NoConnection } from "./screens/Offline";
import { profileScreen, replayScreen, roomScreen, stampSheet } from "./screens/onDemand";
import { StartScreen } from "./screens/StartScreen";

export function App() {
  const state = useStore(app);
  setLanguage(state.lang);
  const { room } = state;
  const profile = useStore(profileView).open;
  const replay = useStore(replayView).replay;
  const key = profile ? "profile" : replay ? "replay" : room ? `${room.code}:${room.phase}` : state.welcomed ? "home" : state.identity ? "connecting" : "start";
  // A finished game stays on its table, with the results over it (the table does not move when they come); a
  // replay is a table too.
  const atTable = (room?.phase === "playing" || room?.phase === "finished" || !!replay) && !profile;
  // Every new screen starts at its top (the lobby's scroll position must not carry into a game).
  useLayoutEffect(() => window.scrollTo(0, 0), [key]);
  // At the table the page is one screen that never scrolls (styles: `.at-table`).
  useLayoutEffect(() => void document.documentElement.classList.toggle("at-table", atTable), [atTable]);
  return (
    <>
      <TopBar />
      <ConnectionBanner />
      {screen()}
      {state.notice && <Notice key={state.notice.id} notice={state.notice} />}
      {room && <stampSheet.Component />}
    </>
  );

  function screen() {
    if (state.status === "no_config") return <NoConnection />;
    if (profile) return <profileScreen.Component />;
    if (replay) return <replayScreen.Component />;
    if (room) return <roomScreen.Component room={room} />;
    if (state.welcomed) return <HomeScreen />;
    if (state.identity) return <main class="screen"><p class="muted center">{t("conn.connecting")}</p></main>;
    return <StartScreen />;
  }
}

/** A visible "reconnecting" state, so a frozen screen is never mistaken for a slow opponent. */
function ConnectionBanner() {
  const { status } = useStore(app);
  const { online } = useStore(touch);
  if (status !== "reconnecting") return null;
  return <div class="banner" role="status" aria-live="polite">{t(online ? "conn.reconnecting" : "touch.offline_banner")}</div>;
}

function Notice({ notice }: { notice: NoticeData }) {
  useEffect(() => {
    const timer = window.setTimeout(dismissNotice, 5000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div class="toast" role="alert">
      <span>{noticeText(notice)}</span>
      <button class="icon-button small" aria-label={t("common.close")} onClick={dismissNotice}>×</button>
    </div>
  );
}
