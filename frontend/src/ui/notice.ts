/** The words of a refusal the server sent. */
import { gameOf } from "../games";
import { known, t, tKnown } from "../i18n";

/** A refusal in the reader's words, with the game's reason when it gives one ("…（場の色にも数字にも合いません）"). */
export function noticeText({ code, reason, game }: { code: string; reason?: string; game?: string }): string {
  const message = tKnown(`error.${code}`);
  const site = `reason.${reason}`;
  const why = reason ? (gameOf(game)?.reason?.(reason) ?? (known(site) ? t(site) : null)) : null;
  return why ? t("error.with_reason", { message, reason: why }) : message;
}
