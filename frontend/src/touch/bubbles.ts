/**
 * Stamps on screen: a member's stamp shows for a moment over their seat (their row in the lobby) in the reader's
 * language, and is said to screen readers; the "show others' stamps" switch hides everyone's but one's own.
 */
import { app, roomNote } from "../app";
import { t } from "../i18n";
import type { StampFrame } from "../net/protocol";
import { touch } from "./state";
import { anchorsOf, isStamp, STAMP_PICTURES, stampLabel, type StampId } from "./stamps";

export const STAMP_MS = 2600;

export function sendStamp(id: StampId): void {
  roomNote("stamp", { stamp: id });
}

const shown = new Map<string, HTMLElement>();
let voice: HTMLElement | null = null;

/** Shows the stamp of `frame` (if it is about the room on screen, and others' stamps are not hidden). */
export function showStamp(frame: StampFrame): void {
  const { room } = app.get();
  if (!room || frame.room !== room.code || !isStamp(frame.stamp)) return;
  if (frame.member !== room.you.member && !touch.get().showStamps) return;
  const name = room.members.find((m) => m.member === frame.member)?.name ?? "?";
  const said = t("stamp.said", { name, stamp: stampLabel(frame.stamp) });
  const anchors = anchorsOf(room, frame.member);
  const found = anchors.findIndex((selector) => document.querySelector(selector));
  const named = found < 0 || found >= anchors.length - 2;
  const target = found < 0 ? null : document.querySelector(anchors[found])!;

  shown.get(frame.member)?.remove();
  const bubble = document.createElement("div");
  bubble.className = `stamp-bubble stamp-${frame.stamp}`;
  bubble.dataset.from = frame.member;
  bubble.setAttribute("aria-hidden", "true"); // the live region below says it
  const picture = document.createElement("span");
  picture.className = "stamp-picture";
  picture.textContent = STAMP_PICTURES[frame.stamp];
  bubble.append(picture, named ? said : stampLabel(frame.stamp));
  document.body.append(bubble);
  place(bubble, target, named);
  shown.set(frame.member, bubble);
  window.setTimeout(() => {
    bubble.remove();
    if (shown.get(frame.member) === bubble) shown.delete(frame.member);
  }, STAMP_MS);
  say(said);
}

/**
 * Puts `bubble` just under `target` (above it when there is no room below), so it never covers the sender's face,
 * name or card count; one that names its sender goes near the top of the screen. Kept inside the viewport.
 */
function place(bubble: HTMLElement, target: Element | null, named: boolean): void {
  const box = target?.getBoundingClientRect();
  const width = bubble.offsetWidth;
  const height = bubble.offsetHeight;
  const x = box ? box.left + box.width / 2 - width / 2 : innerWidth / 2 - width / 2;
  const below = box && box.bottom + 4 + height <= innerHeight ? box.bottom + 4 : box ? box.top - height - 4 : 0;
  const y = box && !named ? below : (box ? Math.max(box.top, 0) : 0) + innerHeight * 0.2;
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
