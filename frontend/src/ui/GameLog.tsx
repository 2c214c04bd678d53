/** What happened lately, newest first: the last line always visible, the rest one tap away. */
import { app } from "../app";
import { t } from "../i18n";
import type { RoomFrame } from "../net/protocol";
import { useStore } from "../store";
import { describe } from "./logEntries";

export function GameLog({ room }: { room: RoomFrame }) {
  const { log } = useStore(app);
  const lines = log.flatMap((entry) => describe(entry).map((text, i) => ({ key: `${entry.id}.${i}`, text }))).reverse();
  return (
    <details class="log" data-room={room.code}>
      <summary aria-label={t("log.title")}>
        <span class="log-latest" aria-live="polite">{lines[0]?.text ?? t("log.empty")}</span>
      </summary>
      <ol class="log-lines">
        {lines.slice(1, 40).map((line) => <li key={line.key}>{line.text}</li>)}
      </ol>
    </details>
  );
}
