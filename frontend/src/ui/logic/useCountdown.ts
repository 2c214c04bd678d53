/**
 * Seconds left until a server deadline, ticking: server time = local time + `skew` (from the latest room frame).
 * It is worked out afresh at every render, so a countdown starts at its true value however long the screen has
 * been up; null once the deadline is reached (the server acts then: a countdown never shows 0).
 */
import { useEffect, useState } from "preact/hooks";

export function secondsLeft(at: number | null | undefined, now: number, skew: number): number | null {
  if (!at) return null;
  const left = Math.ceil(at - (now + skew));
  return left > 0 ? left : null;
}

export function useCountdown(at: number | null | undefined, skew: number): number | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!at) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 250);
    return () => window.clearInterval(timer);
  }, [at]);
  return secondsLeft(at, Date.now() / 1000, skew);
}
