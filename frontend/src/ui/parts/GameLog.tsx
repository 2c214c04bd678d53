/**
 * What happened lately, newest first: a two-line ticker — the latest line, and the one before it fading — always
 * visible, the rest one tap away (over the table, so opening it moves nothing).
 */
import { t } from "../../i18n";
import { describedIn, type LogEntry } from "../logic/logEntries";
import { Face } from "./Face";
import { memo } from "../logic/memo";
import { tickerLines } from "../logic/moments";

/** Whose line it is, at a glance: the face of the member the event is about. */
function LineFace({ entry, text }: { entry: LogEntry; text: string }) {
  return entry.face ? <Face avatar={entry.face} name={entry.names[entry.event.member as string] ?? text} size="small" /> : null;
}

/** One line of the opened log: redrawn only when its text changes (a frame adds lines, the others stay). */
const Line = memo(function Line({ entry, text }: { entry: LogEntry; text: string }) {
  return <li><LineFace entry={entry} text={text} />{text}</li>;
});

/** The log of room `room`, in `lang`: redrawn only when a frame brought new lines (app/room.ts keeps the array). */
export const GameLog = memo(function GameLog({ log, room, lang }: { log: LogEntry[]; room: string; lang: string }) {
  const tell = (entry: LogEntry) => describedIn(entry, lang);
  const [latest, earlier] = tickerLines(log, 2, tell);
  const lines = log.flatMap((entry) => tell(entry).map((text, i) => ({ key: `${entry.id}.${i}`, text, entry }))).reverse();
  return (
    <details class="log" data-room={room}>
      <summary aria-label={t("log.title")}>
        <span class="log-ticker">
          {/* The live region stays; the line inside is keyed, so a new one comes in afresh (its fade-in). */}
          <span class="log-latest" aria-live="polite">
            <span key={latest?.key} class="log-new">{lines[0] && <LineFace entry={lines[0].entry} text={lines[0].text} />}{latest?.text ?? t("log.empty")}</span>
          </span>
          <span class="log-earlier" aria-hidden="true">{earlier?.text ?? ""}</span>
        </span>
      </summary>
      <ol class="log-lines">
        {lines.slice(1, 40).map((line) => <Line key={line.key} entry={line.entry} text={line.text} />)}
      </ol>
    </details>
  );
});
