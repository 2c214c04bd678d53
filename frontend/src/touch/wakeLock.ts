/**
 * The Screen Wake Lock: the screen stays on while the player sits in a running game and the page is visible — a
 * phone that dims and locks drops its socket, and the stand-in plays for the player. The browser lets go of the
 * lock whenever the page is hidden; it is asked for again when the page comes back. It is let go in the lobby, on
 * the results, for a spectator and when switched off. Without the API, or when the browser refuses (battery
 * saver), nothing else changes: the screen may dim, as it always did.
 */
import type { RoomFrame } from "../net/protocol";

export function wantsWakeLock(room: RoomFrame | null, enabled: boolean, visible: boolean): boolean {
  return enabled && visible && room?.phase === "playing" && room.you.seat !== null && !room.you.spectator;
}

export class ScreenLock {
  private sentinel: WakeLockSentinel | null = null;
  private asking = false;

  constructor(private readonly wanted: () => boolean) {}

  /** Takes or lets go of the lock to match `wanted()` (called on every change that may alter it). */
  async sync(): Promise<void> {
    if (!("wakeLock" in navigator) || this.asking) return;
    if (this.wanted() && !this.sentinel) {
      this.asking = true;
      try {
        const sentinel = await navigator.wakeLock.request("screen");
        sentinel.addEventListener("release", () => {
          if (this.sentinel === sentinel) this.sentinel = null; // the page was hidden: asked again when it shows
        });
        this.sentinel = sentinel;
      } catch {
        // Refused: the next change that wants it asks again (no retry loop against a browser that says no).
      } finally {
        this.asking = false;
      }
    }
    if (!this.wanted() && this.sentinel) {
      const sentinel = this.sentinel;
      this.sentinel = null;
      await sentinel.release().catch(() => undefined);
    }
  }
}
