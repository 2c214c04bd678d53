/**
 * What happened lately, newest first: a two-line ticker — the latest line, and the one before it fading — always
 * visible, the rest one tap away (over the table, so opening it moves nothing).
 */
import { t } from "../../i18n";
import { describe, type LogEntry } from "../logic/logEntries";
import { Face } from "./Face";
import { memo } from "../logic/memo";
import { tickerLines } from "../logic/moments";

/** The log of room `room`, in `lang`: redrawn only when a frame brought new lines (app/room.ts keeps the array). */
export const GameLog = memo(function GameLog({ log, room }: { log: LogEntry[]; room: string; lang: string }) {
  const [latest, earlier] = tickerLines(log);
  const lines = log.flatMap((entry) => describe(entry).map((text, i) => ({ key: `${entry.id}.${i}`, text, entry }))).reverse();
  // Whose line it is, at a glance: the face of the member the event is about.
  const face = (entry: LogEntry, text: string) =>
    entry.face && <Face avatar={entry.face} name={entry.names[entry.event.member as string] ?? text} size="small" />;
  return (
    <details class="log" data-room={room}>
      <summary aria-label={t("log.title")}>
        <span class="log-ticker">
          {/* The live region stays; the line inside is keyed, so a new one comes in afresh (its fade-in). */}
          <span class="log-latest" aria-live="polite">
            <span key={latest?.key} class="log-new">{lines[0] && face(lines[0].entry, lines[0].text)}{latest?.text ?? t("log.empty")}</span>
          </span>
          <span class="log-earlier" aria-hidden="true">{earlier?.text ?? ""}</span>
        </span>
      </summary>
      <ol class="log-lines">
        {lines.slice(1, 40).map((line) => <li key={line.key}>{face(line.entry, line.text)}{line.text}</li>)}
      </ol>
    </details>
  );
});
