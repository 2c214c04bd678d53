/** The words of a refusal the server sent. */
import { playOf } from "../../games";
import { known, t, tKnown } from "../../i18n";
import { waitText } from "./upkeep";

/** A refusal in the reader's words, with the game's reason when it gives one ("…（場の色にも数字にも合いません）"),
 * or how long to wait when the server says ("…あと 4 分たってから…"). */
export function noticeText({ code, reason, game, wait }: { code: string; reason?: string; game?: string; wait?: number }): string {
  if (code === "too_many_attempts" && reason === "use_link") return t("upkeep.use_link");
  if (code === "knock_refused") return t("error.knock_refused");
  if (code === "too_many_attempts" && wait) return t("upkeep.too_many_attempts", { time: waitText(wait) });
  const message = tKnown(`error.${code}`);
  const site = `reason.${reason}`;
  const why = reason ? (playOf(game)?.reason?.(reason) ?? (known(site) ? t(site) : null)) : null;
  return why ? t("error.with_reason", { message, reason: why }) : message;
}
