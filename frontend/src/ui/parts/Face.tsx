/**
 * A person's face (docs/protocol.md, `avatar`): their picture or initial on their colour. Hidden from screen
 * readers — the name beside it says who it is. `ring` marks the seat whose turn it is (a ring around the face
 * that turns, still under `prefers-reduced-motion`).
 */
import "../../styles/faces.css";
import { faceColor, faceText, type Avatar } from "../../account/avatar";

export function Face({ avatar, name, size = "small", ring = false }: {
  avatar: Avatar | undefined;
  name: string;
  size?: "small" | "seat" | "large";
  ring?: boolean;
}) {
  return (
    <span class={`face face-${size} face-${faceColor(avatar)}${avatar?.picture === "initial" || !avatar ? " face-initial" : ""}${ring ? " face-turn" : ""}`}
      aria-hidden="true">
      {faceText(avatar, name)}
    </span>
  );
}
