/**
 * What happened lately, newest first: the last line always visible, the rest one tap away (over the table, so
 * opening it moves nothing).
 */
import { t } from "../../i18n";
import { describe, type LogEntry } from "../logic/logEntries";
import { Face } from "./Face";
import { memo } from "../logic/memo";

/** The log of room `room`, in `lang`: redrawn only when a frame brought new lines (app/room.ts keeps the array). */
export const GameLog = memo(function GameLog({ log, room }: { log: LogEntry[]; room: string; lang: string }) {
  const lines = log.flatMap((entry) => describe(entry).map((text, i) => ({ key: `${entry.id}.${i}`, text, entry }))).reverse();
  // Whose line it is, at a glance: the face of the member the event is about.
  const face = (entry: LogEntry, text: string) =>
    entry.face && <Face avatar={entry.face} name={entry.names[entry.event.member as string] ?? text} size="small" />;
  return (
    <details class="log" data-room={room}>
      <summary aria-label={t("log.title")}>
        <span class="log-latest" aria-live="polite">{lines[0] && face(lines[0].entry, lines[0].text)}{lines[0]?.text ?? t("log.empty")}</span>
      </summary>
      <ol class="log-lines">
        {lines.slice(1, 40).map((line) => <li key={line.key}>{face(line.entry, line.text)}{line.text}</li>)}
      </ol>
    </details>
  );
});
