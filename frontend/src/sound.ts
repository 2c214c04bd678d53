/**
 * Short synthesised sound effects (no audio files to download): a soft click when a card is played, a chime
 * when it becomes your turn, a little fanfare when a game ends.
 */
import type { RoomFrame } from "./net/protocol";

type Note = [frequency: number, startSeconds: number, lengthSeconds: number];

const SOUNDS: Record<"card" | "turn" | "end", Note[]> = {
  card: [[660, 0, 0.06]],
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
};

let context: AudioContext | null = null;

function play(name: keyof typeof SOUNDS): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [frequency, at, length] of SOUNDS[name]) {
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

/** The sound, if any, for the change from `before` to `after`. */
export function playFor(after: RoomFrame, before: RoomFrame): void {
  const mySeat = after.you.seat;
  if (after.phase === "finished" && before.phase === "playing") return play("end");
  const myTurnNow = after.game?.current === mySeat && mySeat !== null;
  const myTurnBefore = before.game?.current === mySeat;
  if (myTurnNow && !myTurnBefore) return play("turn");
  if (after.events.some((event) => event.code === "moved")) play("card");
}
