/**
 * One WebSocket to the server that stays up: a heartbeat under API Gateway's 10-minute idle limit, a fresh
 * connection before its 2-hour limit, reconnection with backoff, and an immediate retry when the phone wakes
 * up or comes back online (timers are frozen while a phone sleeps, so backoff alone would be slow).
 */
import type { ServerFrame } from "./protocol";

export type ConnectionStatus = "connecting" | "open" | "reconnecting";

export interface ConnectionEvents {
  /** The socket is open: say hello (the server forgets who we are with every new connection). */
  open(): void;
  frame(frame: ServerFrame): void;
  status(status: ConnectionStatus): void;
  /** While the screen waits on others: the `room` and `version` a quiet ping should ask about (null: nothing). */
  waiting(): { room: string; version: number } | null;
}

/** Timings in milliseconds; tests may shorten them. */
export interface ConnectionTimings {
  ping: number;
  quiet: number;
  maxAge: number;
  wakeCheck: number;
  backoff: readonly number[];
}

export const DEFAULT_TIMINGS: ConnectionTimings = {
  ping: 4 * 60_000, // API Gateway drops a connection after 10 idle minutes: ping after 4 without a frame sent
  // A screen waiting on others with nothing arriving asks whether it missed a frame (then doubles the wait).
  quiet: 20_000,
  maxAge: 110 * 60_000, // …and any connection after 2 hours: renew before it does
  wakeCheck: 5_000, // a socket that does not answer a ping this fast after a wake-up is dead
  backoff: [300, 1_000, 2_000, 4_000, 8_000, 15_000],
};

type TimerName = "retry" | "ping" | "quiet" | "renew" | "watchdog";

export class Connection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timers: Record<TimerName, number | undefined> = {
    retry: undefined,
    ping: undefined,
    quiet: undefined,
    renew: undefined,
    watchdog: undefined,
  };

  constructor(
    private readonly url: string,
    private readonly on: ConnectionEvents,
    private readonly timings: ConnectionTimings = DEFAULT_TIMINGS,
  ) {
    const wake = () => this.checkNow();
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && wake());
    window.addEventListener("online", wake);
    window.addEventListener("pageshow", wake);
  }

  start(): void {
    this.open("connecting");
  }

  /** Sends a frame if the socket is open; returns whether it went out. */
  send(frame: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    // Any frame keeps the connection alive, so a player who is playing never pings (each ping and its pong are
    // two billed API Gateway messages).
    this.schedule("ping", this.timings.ping, () => this.ping());
    return true;
  }

  private open(status: ConnectionStatus): void {
    this.clear("retry");
    this.on.status(status);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.on.status("open");
      this.schedule("ping", this.timings.ping, () => this.ping());
      this.schedule("renew", this.timings.maxAge, () => this.renew());
      this.on.open();
    };
    socket.onmessage = (message) => {
      this.clear("watchdog");
      let frame: ServerFrame;
      try {
        frame = JSON.parse(message.data);
      } catch (error) {
        console.error("bad frame from server", error);
        return;
      }
      // A pong is no news of the room: it must not restart the quiet wait (which doubles while nothing changes).
      if (frame.type !== "pong") this.schedule("quiet", this.timings.quiet, () => this.quietPing(this.timings.quiet));
      this.on.frame(frame);
    };
    socket.onclose = () => socket === this.socket && this.lost();
  }

  private lost(): void {
    for (const name of ["ping", "quiet", "renew", "watchdog"] as const) this.clear(name);
    this.socket = null;
    const delays = this.timings.backoff;
    const delay = delays[Math.min(this.attempt, delays.length - 1)];
    this.attempt += 1;
    // Jitter spreads the reconnections of a whole room after a server hiccup.
    this.schedule("retry", delay * (0.75 + Math.random() * 0.5), () => this.open("reconnecting"));
    this.on.status("reconnecting");
  }

  private ping(): void {
    this.send({ action: "ping" });
  }

  /** Nothing arrived for `wait` ms while the screen waits on others: if a frame was lost (or the server failed
   * in the middle of its fan-out), the server answers this ping with the room again. */
  private quietPing(wait: number): void {
    const waiting = this.on.waiting();
    if (!waiting) return;
    this.send({ action: "ping", ...waiting });
    this.schedule("quiet", wait * 2, () => this.quietPing(wait * 2));
  }

  /** Before API Gateway's hard limit, swap in a fresh socket; the server hands the seat to the newest one. */
  private renew(): void {
    const old = this.socket;
    this.socket = null;
    old?.close();
    this.open("open");
  }

  /** After a wake-up: reconnect at once if the socket is gone, else prove it alive with a ping. */
  private checkNow(): void {
    if (!this.socket || this.socket.readyState === WebSocket.CLOSED) {
      this.attempt = 0;
      this.open("reconnecting");
    } else if (this.socket.readyState === WebSocket.OPEN) {
      this.ping();
      this.schedule("watchdog", this.timings.wakeCheck, () => {
        const dead = this.socket;
        this.socket = null;
        dead?.close();
        this.lost();
      });
    }
  }

  private schedule(name: TimerName, ms: number, run: () => void): void {
    this.clear(name);
    this.timers[name] = window.setTimeout(run, ms);
  }

  private clear(name: TimerName): void {
    window.clearTimeout(this.timers[name]);
    this.timers[name] = undefined;
  }
}
