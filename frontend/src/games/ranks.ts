/** Helpers the games' result panels share. */

/** Places with ties shared, for values sorted best first: `ranks([5, 3, 3, 1])` → `[1, 2, 2, 4]`. */
export function ranks(values: number[]): number[] {
  return values.map((value) => values.findIndex((other) => other === value) + 1);
}
