/** Room frames and views for the unit tests, shaped as docs/protocol.md and docs/engine.md say. */
import type { ColorMatchView } from "../games/color-match/view";
import type { DaifugoView } from "../games/daifugo/view";
import type { LobbyGame, Member, RoomFrame } from "../net/protocol";

export function member(id: string, name: string, extra: Partial<Member> = {}): Member {
  return { member: id, name, cpu: false, host: false, connected: true, away: false, wins: 0, seat: null, ...extra };
}

/** The lobby's game list as the server sends it (INTERFACES §2): options and presets included. */
export const LOBBY_GAMES: LobbyGame[] = [
  {
    id: "color-match", min: 2, max: 10, fits: true,
    options: {
      multi_play: { default: false, choices: [false, true] },
      stacking: { default: false, choices: [false, true] },
      challenge: { default: false, choices: [false, true] },
      no_action_finish: { default: false, choices: [false, true] },
      call: { default: "callout", choices: ["callout", "next_action", 3, 5, 10] },
    },
    presets: {
      basic: { multi_play: false, stacking: false, challenge: false, no_action_finish: false, call: "callout" },
      house: { multi_play: true, stacking: true, challenge: true, no_action_finish: false, call: "next_action" },
    },
  },
  {
    id: "color-rows", min: 2, max: 5, fits: true,
    options: { scoring: { default: "standard", choices: ["standard", "variant"] } },
    presets: {},
  },
  {
    id: "daifugo", min: 3, max: 8, fits: false,
    options: {
      jokers: { default: 1, choices: [0, 1, 2] },
      rounds: { default: 4, choices: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      ...Object.fromEntries(["sequences", "revolution", "sequence_revolution", "eight_cut", "lock", "eleven_back", "spade3",
        "miyako_ochi", "forbidden_finish"].map((name) => [name, { default: name === "revolution" || name === "eight_cut", choices: [false, true] }])),
    },
    presets: {
      basic: { jokers: 1, rounds: 4, sequences: false, revolution: true, sequence_revolution: false, eight_cut: true, lock: false,
        eleven_back: false, spade3: false, miyako_ochi: false, forbidden_finish: false },
      house: { jokers: 2, rounds: 4, sequences: true, revolution: true, sequence_revolution: true, eight_cut: true, lock: true,
        eleven_back: true, spade3: true, miyako_ochi: true, forbidden_finish: true },
    },
  },
];

/** A Color Match view for seat 0 of two players; `legal` as the engine lists it. */
export function colorMatchView(fields: Partial<ColorMatchView> = {}): ColorMatchView {
  return {
    seat: 0, options: {}, hand: [], top: "g6", color: "g", direction: 1, current: 0, next: 1, can_draw: true,
    draw_pile: 80, discard: 1, pending: null, drawn: null, deadline: null, legal: [], result: null,
    players: [{ seat: 0, cards: 5, declared: false }, { seat: 1, cards: 7, declared: false }],
    ...fields,
  };
}

/** A room frame: two players (ゆうき in seat 0, はなこ in seat 1) in `phase`, with `game` and `events`. */
export function roomFrame(fields: Partial<RoomFrame> = {}, view: Record<string, unknown> | null = null, gameId = "color-match"): RoomFrame {
  return {
    type: "room", version: 10, now: 1000, code: "4821", key: "k".repeat(22), knocks: [], phase: view ? "playing" : "lobby",
    you: { member: "m1", host: true, seat: view ? 0 : null, spectator: false },
    members: [member("m1", "ゆうき", { host: true, seat: 0 }), member("m2", "はなこ", { seat: 1 })],
    settings: { mode: "host", cpu_level: "normal", turn_timer: 0, open: true, knock: false },
    lobby: { selected: null, votes: {}, options: {}, games: LOBBY_GAMES, cpu_levels: ["easy", "normal"] },
    game: view && {
      id: gameId, number: 1, current: 0, deadline: null, result: null, view,
      seats: [{ seat: 0, member: "m1", name: "ゆうき" }, { seat: 1, member: "m2", name: "はなこ" }],
    },
    history: [],
    events: [],
    ...fields,
  };
}

/** A 大富豪 view for seat 0 of three players, in play with an empty field; `legal` as the engine lists it. */
export function daifugoView(fields: Partial<DaifugoView> = {}): DaifugoView {
  return {
    game: "daifugo", seat: 0, options: {}, round: 1, rounds: 4, phase: "play", hand: [], current: 0, field: null,
    trick: [], played: [], revolution: false, eleven_back: false, reversed: false, lock: null, exchange: null,
    events: [], last_round: null, legal: [], result: null,
    players: [0, 1, 2].map((seat) => ({ seat, cards: 6, title: null, passed: false, out: null, place: null, score: 0 })),
    ...fields,
  };
}
