/**
 * The Color Match view's `recent` (docs/engine.md): the public actions of the last 2 × players steps, the same
 * for everyone. The log is built from room frames' events; `recent` fills in what a phone did not receive —
 * the moves made while it was reloading, asleep or reconnecting — without repeating what it did.
 */

import type { Action } from "../types";

/** The kinds of event `recent` keeps (the engine's `HISTORY`). */
const PUBLIC_KINDS = new Set(["play", "drew", "keep", "declare", "callout", "challenge", "choose_color"]);

/** The public actions among a step's engine events. */
export const publicActions = (events: Action[]): Action[] => events.filter((e) => PUBLIC_KINDS.has(String(e.type)));

const same = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);
const equal = (a: Action[], b: Action[]): boolean => a.length === b.length && a.every((x, i) => same(x, b[i]));

/**
 * The actions of `recent` that came before this frame's own (`latest`) and are not the last ones the log has
 * already shown (`seen`, oldest first): `recent` minus `latest` at its end, minus the longest run at its start
 * that `seen` ends with.
 *
 *     unseen([p1, d2], [p1, d2, k3, p4], [p4])  // [k3]: the phone missed k3
 *     unseen([p1, d2, k3], [d2, k3, p4], [p4])  // []: nothing missed
 *     unseen([], [p1, d2, p4], [p4])            // [p1, d2]: a reload starts with what the table remembers
 */
export function unseen(seen: Action[], recent: Action[], latest: Action[]): Action[] {
  const cut = recent.length - latest.length;
  if (cut < 0 || !equal(recent.slice(cut), latest)) return []; // not the frame `recent` was written with
  const before = recent.slice(0, cut);
  for (let overlap = Math.min(seen.length, before.length); overlap > 0; overlap--) {
    if (equal(seen.slice(seen.length - overlap), before.slice(0, overlap))) return before.slice(overlap);
  }
  return before;
}
