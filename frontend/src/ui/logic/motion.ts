/**
 * Motion that explains a change: the cards a game's `effects` name fly between the table's anchors (elements with
 * `data-anchor`, seats with `data-seat`), and its announcements show over the table for a moment. Every flight
 * is short (under 400 ms in all) and a newer change finishes the running ones at once; with
 * `prefers-reduced-motion` nothing moves (announcements still show, without animation). The game's sounds play
 * in step.
 */
import { h, render, type ComponentType } from "preact";
import { playOf } from "../../games";
import type { Anchor, Effect } from "../../games/types";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { playSound } from "../../sound";
import { upkeepAnnouncements } from "./upkeep";

type CardPicture = ComponentType<{ code: string | null }>;

/** A card on its way: it lands where it flew (removed once the table shows it there) or goes back. */
export interface Flight {
  land(): void;
  back(): void;
}

const FLIGHT_MS = 260;
const ALL_FLIGHTS_MS = 400;
const ANNOUNCE_MS = 1600;
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";

const running = new Set<Animation>();
let announceTimer: number | undefined;

const reduced = (): boolean => matchMedia("(prefers-reduced-motion: reduce)").matches;

function element(anchor: Anchor): Element | null {
  return typeof anchor === "string"
    ? document.querySelector(`[data-anchor="${anchor}"]`)
    : document.querySelector(`[data-seat="${anchor.seat}"]`);
}

/** A card picture floating over the page (hidden from screen readers: the log tells what happened). */
function floating(Card: CardPicture, code: string | null): HTMLElement {
  const el = document.createElement("div");
  el.className = "fx-flight";
  el.setAttribute("aria-hidden", "true");
  render(h(Card, { code }), el);
  document.body.append(el);
  return el;
}

/**
 * The size of a flying card of each picture, measured on the first flight and kept (keyed by the window's size, on
 * which the card sizes depend): later flights read no layout after appending their card (issue 33: a read right
 * after a write forces a layout in the middle of the frame).
 */
const sizes = new Map<CardPicture, { width: number; height: number; viewport: string }>();

function sizeOf(el: HTMLElement, Card: CardPicture): { width: number; height: number } {
  const viewport = `${innerWidth}x${innerHeight}`;
  const known = sizes.get(Card);
  if (known?.viewport === viewport) return known;
  const measured = { width: el.offsetWidth, height: el.offsetHeight || 1, viewport };
  sizes.set(Card, measured);
  return measured;
}

/** The transform that puts a card of `size` (at the page's top left) centred on `box`, scaled to its height (at most 1). */
function over(size: { width: number; height: number }, box: DOMRect): string {
  const scale = Math.max(0.35, Math.min(1, box.height / size.height));
  const x = box.left + box.width / 2 - size.width / 2;
  const y = box.top + box.height / 2 - size.height / 2;
  return `translate(${x}px, ${y}px) scale(${scale})`;
}

/** One card's flight between two boxes measured beforehand (every read of a frame comes before its writes). */
function fly(Card: CardPicture, code: string | null, from: DOMRect, to: DOMRect, delay: number, fade: boolean): void {
  const el = floating(Card, code);
  const size = sizeOf(el, Card);
  const animation = el.animate(
    [{ transform: over(size, from), opacity: 1 },
     { transform: over(size, to), opacity: fade ? 0.2 : 1 }],
    { duration: FLIGHT_MS, delay, easing: EASING, fill: "both" },
  );
  running.add(animation);
  const done = () => {
    running.delete(animation);
    el.remove();
  };
  animation.onfinish = done;
  animation.oncancel = done;
}

/** The tapped card leaves the hand at once: it flies from `from` to the pile and waits there for the answer. */
export function launch(from: Element, code: string, Card: CardPicture): Flight {
  const to = element("pile");
  if (reduced() || !to) return { land() {}, back() {} };
  const start = from.getBoundingClientRect();
  const end = to.getBoundingClientRect();
  const el = floating(Card, code);
  const size = sizeOf(el, Card);
  const animation = el.animate(
    [{ transform: over(size, start) }, { transform: over(size, end) }],
    { duration: FLIGHT_MS, easing: EASING, fill: "forwards" },
  );
  return {
    // The table shows the card on the pile from the next paint on: the picture over it can go then.
    land: () => requestAnimationFrame(() => requestAnimationFrame(() => el.remove())),
    back() {
      animation.reverse();
      animation.onfinish = () => el.remove();
    },
  };
}

/** Shows `lines` over the table for a moment (a newer announcement replaces it). */
function announce(lines: { text: string; tone?: string }[]): void {
  document.querySelector(".fx-announce")?.remove();
  window.clearTimeout(announceTimer);
  if (!lines.length) return;
  const box = document.createElement("div");
  box.className = "fx-announce";
  box.setAttribute("aria-hidden", "true"); // the log, a live region, says the same
  for (const { text, tone } of lines) {
    const line = document.createElement("p");
    line.className = `fx-line ${tone ?? "info"}`;
    line.textContent = text;
    box.append(line);
  }
  const stage = element("stage")?.getBoundingClientRect();
  if (stage) box.style.top = `${stage.top + stage.height / 2}px`;
  document.body.append(box);
  announceTimer = window.setTimeout(() => box.remove(), ANNOUNCE_MS);
}

/** Finishes every running flight at once (a newer change is coming in). */
function interrupt(): void {
  for (const animation of [...running]) animation.finish();
}

/**
 * What the change from `before` to `after` shows and plays. `own`: the change answers this phone's own move,
 * whose card already flew from the hand when it was tapped.
 */
export function runEffects(after: RoomFrame, before: RoomFrame, { own, sound }: { own: boolean; sound: boolean }): void {
  const game = playOf(after.game?.id);
  if (!game?.effects || !after.game || !before.game || before.game.number !== after.game.number) return;
  const { effects, sounds } = game.effects(after, before);
  // A seat whose person left the game is the stand-in's to the end: the log said so once, its moves need no word.
  const left = new Set(after.game.seats.filter((seat) => seat.left).map((seat) => seat.seat));
  const standins = after.events.filter((event) => event.code === "moved" && event.by === "standin" && !left.has(event.seat as number));
  const seatNames = new Map((after.game.seats ?? []).map((seat) => [seat.seat, seat.name]));
  const lines = [
    ...standins.map((event) => ({ text: t("fx.standin", { name: seatNames.get(event.seat as number) ?? "?" }) })),
    ...upkeepAnnouncements(after),
    ...effects.flatMap((effect) => (effect.kind === "announce" ? [{ text: effect.text, tone: effect.tone }] : [])),
  ];
  const flights = effects.filter((effect): effect is Extract<Effect, { kind: "fly" }> =>
    effect.kind === "fly" && !(own && effect.from === "hand"));
  if (sound) for (const name of sounds) if (!(own && name === "card")) playSound(name);
  interrupt();
  requestAnimationFrame(() => {
    const cards = reduced() ? [] : flights.flatMap((f) => Array.from({ length: Math.min(f.count ?? 1, 4) }, (_, i) => ({ ...f, card: i ? null : f.card })));
    const gap = cards.length > 1 ? Math.min(70, (ALL_FLIGHTS_MS - FLIGHT_MS) / (cards.length - 1)) : 0;
    // Every box is measured first (announce's too), then the page is written to: one layout for the whole frame.
    const measured = cards.map((f) => ({ f, from: element(f.from)?.getBoundingClientRect(), to: element(f.to)?.getBoundingClientRect() }));
    announce(lines);
    measured.forEach(({ f, from, to }, i) => {
      if (from && to) fly(game.Card, f.card, from, to, i * gap, typeof f.to !== "string");
    });
  });
}
