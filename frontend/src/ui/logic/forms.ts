/** What the forms make of what was typed. */

/** The digits of what was typed, full-width ones (１２３４, from a Japanese keyboard) included, at most 8 (room
 * codes have 4, 6 or 8). */
export const codeDigits = (typed: string): string => typed.normalize("NFKC").replace(/\D/g, "").slice(0, 8);
