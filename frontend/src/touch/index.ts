/**
 * The phone touches, started once by main.tsx: the service worker and its updates, the wake lock, the turn
 * alerts, stamps, the browser's offer to install, and online/offline. Each watches the app's state (app/) and
 * the page; none changes how the app itself works.
 */
import { app, boot, onFrame, type AppState } from "../app";
import { touch } from "./state";
import { TurnAlert } from "./turnAlert";
import { ScreenLock, wantsWakeLock } from "./wakeLock";
import { registerWorker, safeToUpdate, takeUpdate } from "./updates";
import "./touch.css";

/** Chrome's offer to install the site (not in TypeScript's DOM types). */
interface InstallPrompt extends Event {
  prompt(): Promise<unknown>;
}

let installPrompt: InstallPrompt | null = null;

const visible = (): boolean => document.visibilityState === "visible";
const screenOf = ({ room, welcomed }: AppState): string => (room ? `${room.code}:${room.phase}` : welcomed ? "home" : "start");
const typing = (): boolean => document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;

export function startTouches(): void {
  const lock = new ScreenLock(() => wantsWakeLock(app.get().room, touch.get().keepAwake, visible()));
  const alert = new TurnAlert(() => ({ sound: app.get().sound, vibrate: touch.get().vibrate }));
  let screen = screenOf(app.get());
  let updateReady = false;

  /** Takes a waiting update if this is a safe moment for it (`screenChanged`: the screen just changed). */
  const maybeUpdate = (screenChanged: boolean) => {
    const state = app.get();
    const inFlight = state.busy !== null || state.pending !== null || state.soloStarting;
    if (updateReady && safeToUpdate({ room: state.room, inFlight, typing: typing(), screenChanged, hidden: !visible() })) takeUpdate();
  };

  registerWorker(() => {
    updateReady = true;
    maybeUpdate(false);
  });
  // The bubbles come with the stamps' sheet, a chunk the landing page does not carry (loaded with the first room).
  onFrame((frame) => frame.type === "stamp" && void import("./bubbles").then(({ showStamp }) => showStamp(frame), () => undefined));
  app.subscribe((state) => {
    if (!state.room && touch.get().stampSheet) touch.set({ stampSheet: false });
    void lock.sync();
    alert.update(state.room, state.clockSkew);
    const now = screenOf(state);
    const changed = now !== screen;
    screen = now;
    maybeUpdate(changed);
  });
  touch.subscribe(() => void lock.sync());
  document.addEventListener("visibilitychange", () => {
    void lock.sync();
    alert.update(app.get().room, app.get().clockSkew);
    maybeUpdate(false);
  });
  document.addEventListener("focusout", () => maybeUpdate(false));

  window.addEventListener("online", () => {
    touch.set({ online: true });
    if (app.get().status === "no_config") void boot(); // the site opened offline: now it can connect
  });
  window.addEventListener("offline", () => touch.set({ online: false }));
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // offered in the settings instead, never over a game
    installPrompt = event as InstallPrompt;
    touch.set({ canInstall: true });
  });
  window.addEventListener("appinstalled", () => {
    installPrompt = null;
    touch.set({ canInstall: false });
  });
}

/** The settings' 「ホーム画面に追加」: the browser's own install dialog. */
export function install(): void {
  const prompt = installPrompt;
  installPrompt = null;
  touch.set({ canInstall: false });
  void prompt?.prompt().catch(() => undefined);
}
