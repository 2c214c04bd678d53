/**
 * The engine's 大富豪 view (docs/engine.md, "大富豪 … View") and the questions the table asks of it: which cards
 * may join the selection, which plays a selection makes, what the player in turn is told.
 *
 * The selection is matched against `view.legal` and nothing else: a card rises only when, with the cards already
 * picked, it is part of some legal play (or, in the exchange, of some legal give). A joker matches any joker, so
 * `X2` stands where the engine listed `X1` (the engine accepts it). When the picked cards make several legal
 * plays — a set and sequences from different ranks — the player is asked only between those.
 */
import type { Move } from "../../net/protocol";
import { cardShort, cardsShort, isJoker, parseCard, RANKS, rankLabel, suitSymbol, type Suit } from "./cards";
import { td } from "./i18n";

export type Title = "daifugo" | "fugo" | "heimin" | "hinmin" | "daihinmin";

export interface DaifugoPlayer {
  seat: number;
  cards: number;
  title: Title | null;
  passed: boolean;
  out: null | "finished" | "foul" | "fallen";
  place: number | null;
  score: number;
}

export interface DaifugoField {
  by: number;
  /** In display order: a sequence by position, each joker where it stands. */
  cards: string[];
  kind: "set" | "seq";
  size: number;
  rank: string | null;
  low: string | null;
  high: string | null;
  suit: Suit | null;
}

export interface DaifugoExchange {
  pending: number[];
  /** Cards this viewer still owes. */
  give: number;
  given: string[];
  received: string[];
}

export interface DaifugoScore {
  seat: number;
  total: number;
  places: number[];
  points: number[];
}

export interface DaifugoView {
  game: "daifugo";
  seat: number | null;
  options: Record<string, unknown>;
  round: number;
  rounds: number;
  phase: "exchange" | "play" | "over";
  hand?: string[];
  players: DaifugoPlayer[];
  current: number | null;
  field: DaifugoField | null;
  trick: { seat: number; cards: string[]; seq?: string }[];
  played: string[];
  revolution: boolean;
  eleven_back: boolean;
  reversed: boolean;
  lock: Suit[] | null;
  exchange: DaifugoExchange | null;
  events?: Record<string, unknown>[];
  last_round: { places: number[]; titles: Title[]; points: number[] } | null;
  legal: Move[];
  result: { ranking: [number, number][]; winners: number[]; scores: DaifugoScore[] } | null;
}

/** A legal move that names cards: a play (a set, or a sequence with `seq`) or a give in the exchange. */
export type CardMove = Move & { type: "play" | "give"; cards: string[]; seq?: string };

export const cardMoves = (view: DaifugoView): CardMove[] =>
  view.legal.filter((m): m is CardMove => (m.type === "play" || m.type === "give") && Array.isArray(m.cards));

export const passMove = (view: DaifugoView): Move | undefined => view.legal.find((m) => m.type === "pass");

const jokerAlike = (code: string): string => (isJoker(code) ? "X" : code);

/** Whether `whole` holds every card of `part` (counting repeats; a joker matches any joker). */
export function fits(part: readonly string[], whole: readonly string[]): boolean {
  const left = whole.map(jokerAlike);
  return part.every((card) => {
    const at = left.indexOf(jokerAlike(card));
    return at >= 0 && left.splice(at, 1).length === 1;
  });
}

/** Whether `a` and `b` are the same cards (in any order; a joker for any joker). */
export const sameCards = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && fits(a, b);

// --- the selection --------------------------------------------------------------------------------------------

/**
 * The cards that may be tapped now, as indices into `hand`: the picked ones (a tap takes them back) and those that
 * make, with the picked ones, part of a legal play or give. With nothing picked: every card of some legal move.
 */
export function tappable(view: DaifugoView, hand: readonly string[], picked: readonly number[]): Set<number> {
  const chosen = picked.map((i) => hand[i]);
  const moves = cardMoves(view);
  const out = new Set<number>(picked);
  hand.forEach((code, index) => {
    if (!picked.includes(index) && moves.some((m) => fits([...chosen, code], m.cards))) out.add(index);
  });
  return out;
}

/** The picks that still fit, in order: a pick that no longer joins a legal move is dropped with those after it. */
export function settle(view: DaifugoView, hand: readonly string[], picked: readonly number[]): number[] {
  const moves = cardMoves(view);
  const kept: number[] = [];
  for (const index of picked) {
    const cards = [...kept, index].map((i) => hand[i]);
    if (!moves.some((m) => fits(cards, m.cards))) break;
    kept.push(index);
  }
  return kept;
}

/** The selection after a tap on `index`: picked, taken back (with the picks that no longer fit), or null. */
export function toggle(view: DaifugoView, hand: readonly string[], picked: readonly number[], index: number): number[] | null {
  if (picked.includes(index)) return settle(view, hand, picked.filter((i) => i !== index));
  return tappable(view, hand, picked).has(index) ? [...picked, index] : null;
}

/**
 * The legal moves the selected `cards` make, each with the selected cards themselves: none while the selection
 * is incomplete, one for most, several when the same cards read as a set and as sequences (the player chooses).
 */
export function readings(view: DaifugoView, cards: readonly string[]): CardMove[] {
  if (!cards.length) return [];
  const seen = new Set<string>();
  const out: CardMove[] = [];
  for (const move of cardMoves(view)) {
    const key = `${move.type}/${move.seq ?? ""}`;
    if (seen.has(key) || !sameCards(cards, move.cards)) continue;
    seen.add(key);
    out.push(move.seq === undefined ? { type: move.type, cards: [...cards] } : { type: move.type, cards: [...cards], seq: move.seq });
  }
  return out;
}

/** How many more cards the selection needs at least to make a legal move (0: it makes one; null: it cannot). */
export function moreNeeded(view: DaifugoView, cards: readonly string[]): number | null {
  const sizes = cardMoves(view).filter((m) => fits(cards, m.cards)).map((m) => m.cards.length - cards.length);
  return sizes.length ? Math.min(...sizes) : null;
}

// --- naming plays ---------------------------------------------------------------------------------------------

/** A sequence's ranks from its `seq` (its lowest position) and length: ["4", "6"]. */
export function seqRange(seq: string, size: number): [string, string] {
  const low = RANKS.indexOf(seq);
  return [seq, RANKS[Math.min(low + size - 1, RANKS.length - 1)]];
}

/** The suit of a sequence: its natural cards'. */
const suitOf = (cards: readonly string[]): Suit | null => cards.map((c) => parseCard(c).suit).find((s) => s !== null) ?? null;

/**
 * What a play is called on a button or in a sentence: "♠5", "5 ×3", "JOKER ×2", "階段 ♠4–6". A set with jokers
 * standing in is named by its rank ("5 ×3"); its cards say the rest.
 */
export function playName(cards: readonly string[], seq?: string | null): string {
  if (seq) {
    const [low, high] = seqRange(seq, cards.length);
    const suit = suitOf(cards);
    return td("seq_name", { suit: suit ? suitSymbol(suit) : "", low: rankLabel(low), high: rankLabel(high) });
  }
  const naturals = cards.filter((c) => !isJoker(c));
  if (cards.length === 1) return cardShort(cards[0]);
  const rank = naturals.length ? rankLabel(parseCard(naturals[0]).rank) : td("joker");
  return td("set_name", { rank, n: cards.length });
}

/** The field as one line: "♠5 ♥5", or the sequence's name. */
export const fieldName = (field: DaifugoField): string =>
  field.kind === "seq" ? playName(field.cards, field.low) : cardsShort(field.cards);

/** The suits of a lock as symbols: "♠♥". */
export const lockName = (lock: readonly Suit[]): string => lock.map(suitSymbol).join("");

// --- titles and the exchange ------------------------------------------------------------------------------------

const PARTNER: Record<Title, Title | null> = { daifugo: "daihinmin", daihinmin: "daifugo", fugo: "hinmin", hinmin: "fugo", heimin: null };

/** The seat a player exchanges with this round (大富豪 ↔ 大貧民, 富豪 ↔ 貧民), or null. */
export function partnerOf(view: DaifugoView, seat: number | null): number | null {
  const title = seat === null ? null : view.players[seat]?.title;
  const partner = title ? PARTNER[title] : null;
  return partner ? (view.players.find((p) => p.title === partner)?.seat ?? null) : null;
}

/** The titles of places 1 … n (3 players: 大富豪, 平民, 大貧民; 4: no 平民; 5+: 平民 in the middle). */
export function titlesFor(n: number): Title[] {
  if (n === 3) return ["daifugo", "heimin", "daihinmin"];
  return ["daifugo", "fugo", ...Array<Title>(Math.max(0, n - 4)).fill("heimin"), "hinmin", "daihinmin"];
}

export const titleName = (title: Title): string => td(`title.${title}`);

/** The title a seat's row shows: the one it holds this round — or, once the game is over, the one its last round
 * earned (`players[].title` still names the titles that round was played under). */
export function shownTitle(view: DaifugoView, seat: number): Title | null {
  if (view.phase === "over" && view.last_round) return view.last_round.titles[seat] ?? null;
  return view.players[seat]?.title ?? null;
}

// --- what the player is told ------------------------------------------------------------------------------------

/** The turn banner's line for the viewer, when it is their move (a play, or a give in the exchange). */
export function turnHint(view: DaifugoView, picked: readonly string[]): string {
  if (view.phase === "exchange") {
    const to = partnerOf(view, view.seat);
    const title = to === null ? null : view.players[to].title;
    return td("hint_give", { n: view.exchange?.give ?? 0, title: title ? titleName(title) : "" });
  }
  const plays = cardMoves(view);
  if (picked.length) {
    const more = moreNeeded(view, picked);
    if (more && more > 0) return td("hint_more", { n: more });
    if (readings(view, picked).length > 1) return td("hint_readings");
    return td("hint_ready", { n: picked.length });
  }
  if (!view.field) return td("hint_lead");
  if (!plays.length) return td("hint_nothing");
  const lock = view.lock ? td("hint_lock", { suits: lockName(view.lock) }) : "";
  return td("hint_follow", { field: fieldName(view.field), n: view.field.size }) + lock;
}

// --- the coach's tip (ui/parts/CoachTip.tsx) ------------------------------------------------------------------

/** At most this many plays are named: a tip stays about two lines on a small phone. */
const NAMED = 3;

/**
 * What the player in turn can play and why — the plays that beat the field (「♠5 ♥5 より強い札：9 を 2 枚、J を 2 枚」),
 * or how to lead, or that only a pass is left. Null outside a play of one's own (the exchange: the banner says).
 */
export function coachTip(view: DaifugoView): string[] | null {
  if (view.phase !== "play" || !view.legal.length) return null;
  const names = [...new Set(cardMoves(view).filter((m) => m.type === "play").map((m) => playName(m.cards, m.seq)))];
  if (!view.field) return [td("coach.lead")];
  if (!names.length) return [td("coach.pass", { field: fieldName(view.field) })];
  const some = names.slice(0, NAMED).join(td("coach.sep")) + (names.length > NAMED ? td("coach.sep") + "…" : "");
  return [td("coach.beat", { plays: some, field: fieldName(view.field) })];
}
