/** What the phone touches keep apart from the app's own state: their switches (remembered) and what the browser
 * offers (installing, being online). */
import { loadSwitch, saveSwitch } from "../prefs";
import { createStore } from "../store";

export type Switch = "keepAwake" | "vibrate" | "showStamps";

export interface TouchState extends Record<Switch, boolean> {
  /** The browser offers to install the site (Chrome's `beforeinstallprompt`, kept until it is used). */
  canInstall: boolean;
  online: boolean;
  /** The sheet of stamps is open. */
  stampSheet: boolean;
}

export const touch = createStore<TouchState>({
  keepAwake: loadSwitch("keepAwake"),
  vibrate: loadSwitch("vibrate"),
  showStamps: loadSwitch("showStamps"),
  canInstall: false,
  online: typeof navigator === "undefined" || navigator.onLine !== false,
  stampSheet: false,
});

export function setSwitch(key: Switch, on: boolean): void {
  saveSwitch(key, on);
  touch.set({ [key]: on });
}
