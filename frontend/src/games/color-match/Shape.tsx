/**
 * The shape that marks each colour for colour-blind players (red ○, yellow △, green □, blue ◇), drawn as SVG so
 * it looks the same on every phone's fonts.
 */
import type { CardColor } from "./cards";

const PATHS: Record<CardColor, string> = {
  r: "M12 3a9 9 0 1 0 0.001 0Z",
  y: "M12 3 22 20H2Z",
  g: "M4 4h16v16H4Z",
  b: "M12 2 22 12 12 22 2 12Z",
};

export function Shape({ color, class: className = "shape" }: { color: CardColor; class?: string }) {
  return (
    <svg class={className} viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[color]} />
    </svg>
  );
}
