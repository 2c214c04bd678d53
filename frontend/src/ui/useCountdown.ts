/** Seconds left until a server deadline, ticking; server time = local time + the skew of the last room frame. */
import { useEffect, useState } from "preact/hooks";
import { app } from "../app";

export function useCountdown(at: number | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!at) return;
    const timer = window.setInterval(() => setNow(Date.now() / 1000), 250);
    return () => window.clearInterval(timer);
  }, [at]);
  if (!at) return null;
  return Math.max(0, Math.ceil(at - (now + app.get().clockSkew)));
}
