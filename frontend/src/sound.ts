/**
 * Short synthesised sound effects (no audio files to download), played in step with what the table shows
 * (ui/logic/motion.ts plays a game's sounds with its effects): a card played or drawn, a skip, a reverse, a penalty,
 * a call, a challenge; a chime when it becomes your turn; a little fanfare when a game ends, and a longer, brighter one
 * when you won it.
 */
import type { SoundName } from "./games/types";
import type { RoomFrame } from "./net/protocol";
import { ended } from "./ui/logic/ended";

export type Note = [frequency: number, startSeconds: number, lengthSeconds: number];

/** The room's own sounds beside the games' (`SoundName`): your win is no game's effect but the room's end. */
type RoomSound = "won";

const SOUNDS: Record<SoundName | RoomSound, Note[]> = {
  card: [[660, 0, 0.06]],
  draw: [[440, 0, 0.05], [520, 0.05, 0.05]],
  skip: [[740, 0, 0.07], [560, 0.08, 0.1]],
  reverse: [[520, 0, 0.07], [700, 0.07, 0.07], [520, 0.14, 0.08]],
  penalty: [[330, 0, 0.12], [262, 0.1, 0.18]],
  call: [[988, 0, 0.08], [988, 0.1, 0.08]],
  challenge: [[392, 0, 0.1], [523, 0.1, 0.1], [659, 0.2, 0.16]],
  turn: [
    [880, 0, 0.12],
    [1320, 0.1, 0.16],
  ],
  end: [
    [523, 0, 0.14],
    [659, 0.12, 0.14],
    [784, 0.24, 0.14],
    [1047, 0.36, 0.3],
  ],
  // The end's fanfare, then a flourish an octave up: your own win sounds unlike another's.
  won: [
    [523, 0, 0.12],
    [659, 0.1, 0.12],
    [784, 0.2, 0.12],
    [1047, 0.3, 0.16],
    [1319, 0.46, 0.1],
    [1568, 0.56, 0.4],
  ],
};

let context: AudioContext | null = null;

export function playSound(name: SoundName | RoomSound): void {
  playTones(SOUNDS[name]);
}

/** Plays `notes` (a sound of the site's own that is no game's: touch/turnAlert.ts). */
export function playTones(notes: Note[]): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [frequency, at, length] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  } catch {
    // No audio available (autoplay policy before the first tap, old browser): silence is fine.
  }
}

/**
 * The room's own sounds for the change from `before` to `after`, with the sound setting `on`: the end of a game —
 * your win's fanfare when it is yours, the plain one when another won (or nobody) —, the start of your turn.
 */
export function playFor(after: RoomFrame, before: RoomFrame, on: boolean): void {
  if (!on) return;
  const end = ended(after, before);
  if (end) return playSound(end.mine ? "won" : "end");
  const mySeat = after.you.seat;
  const myTurnNow = after.game?.current === mySeat && mySeat !== null;
  const myTurnBefore = before.game?.current === mySeat && before.game?.number === after.game?.number;
  if (myTurnNow && !myTurnBefore) playSound("turn");
}
