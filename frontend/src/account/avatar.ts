/**
 * Faces (docs/protocol.md, `avatar`): a picture — or the name's first letter — on a colour, from the closed sets
 * the server takes. Pure: what a face shows, the one a device keeps, a random first one.
 */

/** The pictures a person may pick, in the picker's order (`initial`: the name's first letter). */
export const PICTURES = ["initial", "cat", "dog", "fox", "bear", "panda", "rabbit", "frog", "owl", "penguin", "tiger",
  "octopus", "chick"] as const;
/** The colours, in the picker's order. */
export const COLORS = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"] as const;

export type Picture = (typeof PICTURES)[number];
export type FaceColor = (typeof COLORS)[number];
/** A face as the server sends it: a CPU seat's picture is `robot`, which no person may pick. */
export interface Avatar {
  picture: string;
  color: string;
}
/** A face a person may say with `hello`. */
export interface OwnAvatar extends Avatar {
  picture: Picture;
  color: FaceColor;
}

const GLYPHS: Record<string, string> = {
  cat: "🐱", dog: "🐶", fox: "🦊", bear: "🐻", panda: "🐼", rabbit: "🐰", frog: "🐸", owl: "🦉", penguin: "🐧",
  tiger: "🐯", octopus: "🐙", chick: "🐤", robot: "🤖",
};

/** What a face shows: the picture's emoji, or the name's first letter (a picture this client does not know too). */
export function faceText(avatar: Avatar | undefined, name: string): string {
  return GLYPHS[avatar?.picture ?? "initial"] ?? initialOf(name);
}

/** The first character a reader sees of `name` (a whole grapheme: ゆ, 김, É), upper case. */
export function initialOf(name: string): string {
  const first = [...new Intl.Segmenter().segment(name.trim())][0]?.segment ?? "?";
  return first.toUpperCase();
}

/** A face's colour class, or the neutral one for a colour this client does not know. */
export const faceColor = (avatar: Avatar | undefined): string =>
  (COLORS as readonly string[]).includes(avatar?.color ?? "") ? avatar!.color : "none";

export const isOwnAvatar = (value: unknown): value is OwnAvatar => {
  if (typeof value !== "object" || value === null) return false;
  const { picture, color } = value as Record<string, unknown>;
  return (PICTURES as readonly unknown[]).includes(picture) && (COLORS as readonly unknown[]).includes(color);
};

/** The face kept in storage, checked: anything else is none. */
export const storedAvatar = (value: unknown): OwnAvatar | null =>
  isOwnAvatar(value) ? { picture: value.picture, color: value.color } : null;

/** A first face for a new player: an animal (not the bare initial) on a colour, by `random` in [0, 1). */
export function randomAvatar(random: () => number = Math.random): OwnAvatar {
  const animals = PICTURES.filter((picture) => picture !== "initial");
  return {
    picture: animals[Math.floor(random() * animals.length)],
    color: COLORS[Math.floor(random() * COLORS.length)],
  };
}
