/**
 * Stamps (docs/protocol.md, `stamp`): eight fixed words a member sends to the room — no free text, nothing to
 * moderate. Each phone shows a stamp in its reader's language for a moment over the sender's seat (their row in
 * the lobby), and says it to screen readers; the "show others' stamps" switch hides everyone's but one's own.
 */
import { app, roomNote } from "../app";
import { known, t } from "../i18n";
import type { RoomFrame, StampFrame } from "../net/protocol";
import { touch } from "./state";

/** The server's stamp ids, in the order the picker shows them. */
export const STAMPS = ["like", "nice", "sorry", "hurry", "wait", "almost", "thanks", "gg"] as const;
export type StampId = (typeof STAMPS)[number];
export const STAMP_MS = 2600;

export const stampLabel = (id: StampId): string => t(`stamp.${id}`);

export function sendStamp(id: StampId): void {
  roomNote("stamp", { stamp: id });
}

/**
 * Where a stamp from `member` shows, best first: their row in the lobby; at the table, their seat (`data-seat`),
 * and for one's own seat, which a table may show as the hand instead, the hand or one's own collection. The last
 * entries are the table and the screen: a stamp shown there names its sender.
 */
export function anchorsOf(room: RoomFrame, member: string): string[] {
  const seat = room.members.find((m) => m.member === member)?.seat;
  const own = member === room.you.member;
  const exact = room.phase === "lobby" || !room.game
    ? [`[data-member="${member}"]`]
    : [
      ...(seat !== null && seat !== undefined && room.game.seats.some((s) => s.seat === seat) ? [`[data-seat="${seat}"]`] : []),
      ...(own ? ['[data-anchor="hand"]', '[data-anchor="mine"]'] : []),
    ];
  return [...exact, '[data-anchor="stage"]', "main"];
}

const shown = new Map<string, HTMLElement>();
let voice: HTMLElement | null = null;

/** Shows the stamp of `frame` (if it is about the room on screen, and others' stamps are not hidden). */
export function showStamp(frame: StampFrame): void {
  const { room } = app.get();
  if (!room || frame.room !== room.code || !known(`stamp.${frame.stamp}`)) return;
  if (frame.member !== room.you.member && !touch.get().showStamps) return;
  const name = room.members.find((m) => m.member === frame.member)?.name ?? "?";
  const said = t("stamp.said", { name, stamp: stampLabel(frame.stamp as StampId) });
  const anchors = anchorsOf(room, frame.member);
  const found = anchors.findIndex((selector) => document.querySelector(selector));
  const named = found < 0 || found >= anchors.length - 2;
  const target = found < 0 ? null : document.querySelector(anchors[found])!;

  shown.get(frame.member)?.remove();
  const bubble = document.createElement("div");
  bubble.className = `stamp-bubble stamp-${frame.stamp}`;
  bubble.dataset.from = frame.member;
  bubble.setAttribute("aria-hidden", "true"); // the live region below says it
  bubble.textContent = named ? said : stampLabel(frame.stamp as StampId);
  document.body.append(bubble);
  place(bubble, target, named);
  shown.set(frame.member, bubble);
  window.setTimeout(() => {
    bubble.remove();
    if (shown.get(frame.member) === bubble) shown.delete(frame.member);
  }, STAMP_MS);
  say(said);
}

/** Centres `bubble` on `target` (or near the top of the screen), kept inside the viewport. */
function place(bubble: HTMLElement, target: Element | null, named: boolean): void {
  const box = target?.getBoundingClientRect();
  const width = bubble.offsetWidth;
  const height = bubble.offsetHeight;
  const x = box ? box.left + box.width / 2 - width / 2 : innerWidth / 2 - width / 2;
  const y = box && !named ? box.top + box.height / 2 - height / 2 : (box ? Math.max(box.top, 0) : 0) + innerHeight * 0.2;
  bubble.style.left = `${Math.min(Math.max(4, x), innerWidth - width - 4)}px`;
  bubble.style.top = `${Math.min(Math.max(4, y), innerHeight - height - 4)}px`;
}

/** Tells screen readers (a polite live region, made once). */
function say(text: string): void {
  if (!voice) {
    voice = document.createElement("div");
    voice.className = "stamp-voice";
    voice.setAttribute("role", "status");
    document.body.append(voice);
  }
  voice.textContent = text;
}
