/**
 * What a 大富豪 change shows for a moment (ui/logic/motion.ts runs it): the cards played fly from the player's seat (or
 * your hand) to the field, cards given in the exchange fly face down between the two players (face up when one of
 * them is you), and 革命, 11バック, 縛り, 8切り, スペ3返し, a player going out, a foul, 都落ち and the end of a
 * round with the titles its places earned are announced over the field; each with its sound.
 */
import type { RoomFrame } from "../../net/protocol";
import { membersBySeat, seatName } from "../seats";
import type { Anchor, Effect, SoundName } from "../types";
import type { Suit } from "./cards";
import { td } from "./i18n";
import { lockName, titleName, titlesFor, type DaifugoView } from "./view";

type Step = Record<string, unknown>;

/** The engine events of `after`'s change, oldest first. */
const stepsOf = (frame: RoomFrame): Step[] =>
  frame.events.flatMap((event) => (event.code === "engine" ? ((event.events as Step[]) ?? []) : []));

export function effects(after: RoomFrame): { effects: Effect[]; sounds: SoundName[] } {
  const view = after.game!.view as unknown as DaifugoView;
  const seats = membersBySeat(after);
  const name = (seat: unknown) => seatName(seats, seat as number);
  const mine = view.seat;
  const at = (seat: unknown): Anchor => (seat === mine ? "hand" : { seat: seat as number });
  const out: Effect[] = [];
  const sounds = new Set<SoundName>();
  const say = (text: string, tone?: "info" | "warn" | "good") => out.push({ kind: "announce", text, tone });

  for (const step of stepsOf(after)) {
    switch (step.type) {
      case "play":
        for (const card of (step.cards as string[]) ?? []) out.push({ kind: "fly", from: at(step.seat), to: "pile", card });
        sounds.add("card");
        break;
      case "give": {
        // Only the two players see the cards: their own view's exchange says which.
        const own = step.seat === mine ? view.exchange?.given : step.to === mine ? view.exchange?.received : null;
        const count = own?.length || 1;
        out.push({ kind: "fly", from: at(step.seat), to: at(step.to), card: own?.[0] ?? null, count });
        sounds.add("draw");
        break;
      }
      case "revolution":
        say(td(step.on ? "fx.revolution" : "fx.revolution_back"), "warn");
        sounds.add("reverse");
        break;
      case "eleven_back":
        say(td(step.on ? "fx.eleven_back" : "fx.eleven_back_off"));
        sounds.add("reverse");
        break;
      case "lock":
        say(td("fx.lock", { suits: lockName((step.suits as Suit[]) ?? []) }));
        sounds.add("call");
        break;
      case "eight_cut":
        say(td("fx.eight_cut"), "good");
        sounds.add("skip");
        break;
      case "spade3":
        say(td("fx.spade3"), "good");
        sounds.add("challenge");
        break;
      case "out":
        say(td("fx.out", { name: name(step.seat), n: Number(step.place) }), "good");
        break;
      case "foul":
        say(td("fx.foul", { name: name(step.seat) }), "warn");
        sounds.add("penalty");
        break;
      case "miyako_ochi":
        say(td("fx.miyako_ochi", { name: name(step.seat) }), "warn");
        sounds.add("penalty");
        break;
      case "round_end": {
        // The game's end is the room's moment (the results); a round's end says the titles the places earned.
        if (after.phase !== "playing") break;
        const places = (step.places as number[]) ?? [];
        const titles = titlesFor(places.length);
        say(td("fx.round_end", { n: Number(step.round) }));
        places.forEach((seat, i) => say(td("fx.title", { title: titleName(titles[i]), name: name(seat) }), i === 0 ? "good" : "info"));
        break;
      }
    }
  }
  return { effects: out, sounds: [...sounds] };
}
