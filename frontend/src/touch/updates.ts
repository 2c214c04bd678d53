/**
 * The service worker (src/sw/worker.ts) from the page's side. It is registered once the page has loaded (a
 * production build only: `vite dev` has no `/sw.js`); an update is looked for whenever the page comes back into
 * view and every half hour, besides the browser's own check at each visit. A new build's worker waits until the
 * page hands over at a safe moment (`safeToUpdate`), then the page reloads into the new build — never during a
 * game or on its results.
 */
import type { RoomFrame } from "../net/protocol";

const CHECK_EVERY_MS = 30 * 60_000;

let waiting: ServiceWorker | null = null;
let handedOver = false;

/** The app's state as far as a reload can hurt it. */
export interface Moment {
  room: RoomFrame | null;
  /** A request or a move is waiting for its answer, or the solo start is chaining its frames. */
  inFlight: boolean;
  /** A text field has the focus (a name or a code being typed). */
  typing: boolean;
  /** The screen changed since the last look (into the lobby from the results, or to the home screen). */
  screenChanged: boolean;
  hidden: boolean;
}

/**
 * Whether a reload into the new build is harmless now: never in a game or on its results, with something in
 * flight, or while the player types; on the start and home screens at once, in the lobby when the player is not
 * looking at it (the page is hidden) or has just come to it.
 */
export function safeToUpdate(moment: Moment): boolean {
  const phase = moment.room?.phase;
  if (phase === "playing" || phase === "finished" || moment.inFlight || moment.typing) return false;
  return !moment.room || moment.hidden || moment.screenChanged;
}

/** Registers the worker; `updateReady` is called once a new build waits. `takeOverAtOnce` (a rules page, which
 * holds nothing to lose): a waiting worker takes over at once, without a reload (the next page opened is new). */
export function registerWorker(updateReady: () => void, takeOverAtOnce = false): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener("controllerchange", () => {
    if (handedOver) location.reload();
  });
  const found = (worker: ServiceWorker | null) => {
    if (!worker || !container.controller) return; // the first worker: nothing older to replace
    waiting = worker;
    handedOver = false;
    if (takeOverAtOnce) worker.postMessage("activate");
    else updateReady();
  };
  const watch = (registration: ServiceWorkerRegistration | undefined) => {
    if (!registration) return; // service workers blocked (an automated browser's setting): as without them
    found(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && found(worker));
    });
    const check = () => void registration.update().catch(() => undefined); // offline: next time
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && check());
    window.setInterval(check, CHECK_EVERY_MS);
  };
  const register = () => void container.register("/sw.js").then(watch, () => undefined); // no worker: as before
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Hands over to the waiting worker; the page reloads when it has taken over. */
export function takeUpdate(): void {
  if (!waiting || handedOver) return;
  handedOver = true;
  waiting.postMessage("activate");
}
