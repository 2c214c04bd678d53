/**
 * Motion that explains a change: the cards a game's `effects` name fly between the table's anchors (elements with
 * `data-anchor`, seats with `data-seat`), and its announcements show over the pile for a moment (long enough to
 * read, never in the way of a tap). A deal sends cards from the pile to every hand, and the end of a game is
 * celebrated — confetti and whose win — before the results rise over the table (`moments.ts` says when). Every
 * flight is short (under 400 ms in all, a deal 700) and a newer change finishes the running ones at once; with
 * `prefers-reduced-motion` nothing moves (announcements and whose win still show, without animation). The game's
 * sounds play in step.
 */
import { h, render, type ComponentType } from "preact";
import { playOf } from "../../games";
import type { Anchor, Effect } from "../../games/types";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { playSound } from "../../sound";
import { dealt, winMoment } from "./moments";
import { upkeepAnnouncements } from "./roomUpkeep";

type CardPicture = ComponentType<{ code: string | null }>;

/** A card on its way: it lands where it flew (removed once the table shows it there) or goes back. */
export interface Flight {
  land(): void;
  back(): void;
}

const FLIGHT_MS = 260;
const ALL_FLIGHTS_MS = 400;
const ALL_DEAL_MS = 700;
const ANNOUNCE_MS = 2000;
const ANNOUNCE_LINE_MS = 400;
const FADE_MS = 300;
const WIN_MS = 2600;
const CONFETTI = 28;
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";

const running = new Set<Animation>();
let announceTimer: number | undefined;
let winTimer: number | undefined;

// The setting, kept up to date by the query's own change events: it is asked at every room frame, and `matchMedia`
// parses the query and builds a new list at each call.
let reducedMotion: boolean | undefined;
function reduced(): boolean {
  if (reducedMotion === undefined) {
    const query = matchMedia("(prefers-reduced-motion: reduce)");
    reducedMotion = query.matches;
    query.addEventListener?.("change", (event) => void (reducedMotion = event.matches));
  }
  return reducedMotion;
}

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

/** Takes the announcement on screen away. */
function unannounce(): void {
  document.querySelector(".fx-announce")?.remove();
  window.clearTimeout(announceTimer);
}

/** Shows `lines` for a moment centred at height `top` (a newer announcement replaces it). */
function announce(lines: { text: string; tone?: string }[], top: number): void {
  unannounce();
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
  // Long enough to read: two seconds, and a little more for each line beyond two (a 大富豪 round's titles).
  const stay = ANNOUNCE_MS + Math.max(0, lines.length - 2) * ANNOUNCE_LINE_MS;
  box.style.top = `${top}px`;
  box.style.setProperty("--fade-at", `${stay - FADE_MS}ms`);
  document.body.append(box);
  announceTimer = window.setTimeout(() => box.remove(), stay);
}

/** A height `share` of the way down `el` (the pile, the table), or down the screen without it. */
function heightIn(el: Element | null, share: number): number {
  const box = el?.getBoundingClientRect();
  return box ? box.top + box.height * share : innerHeight * share;
}

/** The end of a game: confetti over the table (none with reduced motion) and whose win, for a moment. */
function celebrate({ text, mine }: { text: string; mine: boolean }, at: number): void {
  document.querySelector(".fx-win")?.remove();
  window.clearTimeout(winTimer);
  const box = document.createElement("div");
  box.className = `fx-win${mine ? " mine" : ""}`;
  box.setAttribute("aria-hidden", "true"); // the log and the results say who won
  box.style.setProperty("--at", `${at}px`);
  for (let i = 0; i < (reduced() ? 0 : CONFETTI); i++) {
    // Spread evenly across the width, each a little different (a fixed pattern: the pictures are the same every time).
    const piece = document.createElement("i");
    piece.className = "fx-confetti";
    piece.style.cssText = `--x:${((i * 37) % 100)}%;--hue:${(i * 47) % 360};--delay:${(i % 7) * 90}ms;` +
      `--fall:${1500 + (i % 5) * 180}ms;--drift:${((i % 9) - 4) * 6}vw;--spin:${(i % 2 ? 1 : -1) * (360 + i * 25)}deg`;
    box.append(piece);
  }
  const line = document.createElement("p");
  line.className = "fx-line good";
  line.textContent = text;
  box.append(line);
  document.body.append(box);
  winTimer = window.setTimeout(() => box.remove(), WIN_MS);
}

/** A deal: card backs from the pile (or the draw pile) to this phone's hand and to every seat, one after another. */
function deal(Card: CardPicture): void {
  const from = (element("draw") ?? element("pile"))?.getBoundingClientRect();
  const hand = element("hand")?.getBoundingClientRect();
  const seats = [...document.querySelectorAll("[data-seat]")].map((seat) => seat.getBoundingClientRect());
  if (!from) return;
  const targets = [...(hand ? [hand, hand, hand] : []), ...seats];
  const gap = targets.length > 1 ? (ALL_DEAL_MS - FLIGHT_MS) / (targets.length - 1) : 0;
  targets.forEach((to, i) => fly(Card, null, from, to, i * gap, to !== hand));
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
  if (game && dealt(after, before)) {
    interrupt();
    if (!reduced()) requestAnimationFrame(() => deal(game.Card));
    return;
  }
  if (!game?.effects || !after.game || !before.game || before.game.number !== after.game.number) return;
  const win = winMoment(after, before);
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
  const moving = reduced() ? [] : flights;
  if (!win && !lines.length && !moving.length) {
    unannounce(); // nothing to show (an earlier announcement goes): no frame callback, no box read
    return;
  }
  requestAnimationFrame(() => {
    const cards = moving.flatMap((f) => Array.from({ length: Math.min(f.count ?? 1, 4) }, (_, i) => ({ ...f, card: i ? null : f.card })));
    const gap = cards.length > 1 ? Math.min(70, (ALL_FLIGHTS_MS - FLIGHT_MS) / (cards.length - 1)) : 0;
    // Every box is measured first (announce's too), then the page is written to: one layout for the whole frame.
    const measured = cards.map((f) => ({ f, from: element(f.from)?.getBoundingClientRect(), to: element(f.to)?.getBoundingClientRect() }));
    // Above where the results will rise (a sheet of at most 78 % of the screen below the top bar; sideways, beside them).
    const winAt = heightIn(element("stage"), 0.1);
    const announceAt = heightIn(element("pile") ?? element("stage"), 0.5);
    if (win) celebrate(win, winAt);
    announce(win ? [] : lines, announceAt); // the end's own line and the results say it now, where these would sit
    measured.forEach(({ f, from, to }, i) => {
      if (from && to) fly(game.Card, f.card, from, to, i * gap, typeof f.to !== "string");
    });
  });
}
