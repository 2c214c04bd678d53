/**
 * A finished game again, move by move (app/replay.ts): the game's own table, read-only, as one seat saw it; a line
 * saying who made the step and what it was; play/pause, a step back or forward, the speed and a scrubber; whose view
 * (every hand at the end); the link for the room's members; or the server's refusal.
 */
import "../../styles/replay.css";
import { useRef, useState } from "preact/hooks";
import { closeReplay, replayView, setSortHand, setSpeed, shareLink, showSeat, stepReplay, togglePlay, app } from "../../app";
import { gameName, useGame } from "../../games";
import { t, tKnown } from "../../i18n";
import { useStore } from "../../store";
import { describe } from "../logic/logEntries";
import { lastStep, SPEEDS, viewAt, type ReplayState, type Speed } from "../logic/replay";
import { stepEvents, tableRoom } from "../logic/replayTable";
import { tw } from "../logic/replayWords";

const still = () => {};

// The controls' pictures, drawn (a phone's fonts may lack the media symbols), in a 24-unit box.
const PLAY = "M8 5v14l11-7z";
const PAUSE = "M7 5h4v14H7zm6 0h4v14h-4z";
const BACK = "M6 5h2v14H6zm3.5 7L18 19V5z";
const FORWARD = "M16 5h2v14h-2zM6 5v14l8.5-7z";
const LINK = "M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2-1.4-1.4 2-2a1 1 0 1 0-1.4-1.4L12 13.4a1 1 0 0 1-1.4 0zM13.4 10.6a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2 1.4 1.4-2 2a1 1 0 1 0 1.4 1.4L12 10.6a1 1 0 0 1 1.4 0z";
const DONE = "M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z";

const Icon = ({ d }: { d: string }) => (
  <svg class="replay-icon" viewBox="0 0 24 24" aria-hidden="true"><path d={d} fill="currentColor" /></svg>
);

export function ReplayScreen() {
  const { replay } = useStore(replayView);
  const { sortHand, counter } = useStore(app);
  const game = useGame(replay?.record?.game);
  // While a page is on its way (a far scrub) the last view drawn stays, marked busy, so nothing jumps.
  const drawn = useRef<{ key: string; view: Record<string, unknown> } | null>(null);
  if (!replay) return null;
  const view = viewAt(replay);
  const key = `${replay.room}:${replay.number}`;
  if (view) drawn.current = { key, view };
  const shown = view ?? (drawn.current?.key === key ? drawn.current.view : null);
  const last = lastStep(replay);
  const Table = game?.Table;
  const id = replay.record?.game ?? "";
  return (
    <main class={`screen game replay ${id}`} aria-labelledby="replay-title" data-step={replay.step}
      data-last={last ?? undefined} aria-busy={view === null && !replay.error ? "true" : undefined}>
      <div class="replay-head">
        <h1 id="replay-title" class="replay-title">
          {tw("title", { n: replay.number })}{replay.record && ` · ${gameName(id)}`}
        </h1>
        {replay.record && <SeatPicker replay={replay} />}
        {!replay.error && <Share replay={replay} />}
        <button class="icon-button" aria-label={tw("close")} onClick={closeReplay}>×</button>
      </div>
      {replay.error ? (
        <Refusal replay={replay} />
      ) : Table && shown && replay.record ? (
        <Table room={tableRoom(replay, shown)} busy pending={null} act={still} log={<StepLine replay={replay} />}
          clockSkew={0} sortHand={sortHand} setSortHand={setSortHand} coach={false} counter={counter} />
      ) : (
        <div class="table-loading" aria-busy="true"><p class="muted center">{tw("loading")}</p></div>
      )}
      {last !== null && !replay.error && <Controls replay={replay} last={last} />}
    </main>
  );
}

/** Who made the step on screen and what it was, in the game's own log words. */
function StepLine({ replay }: { replay: ReplayState }) {
  const last = lastStep(replay) ?? 0;
  return (
    <p class="log replay-line" aria-live={replay.playing ? "off" : "polite"}>
      <span class="replay-count">{replay.step}/{last}</span> {stepText(replay)}
      {replay.step === last && replay.finalViews && <span class="replay-end"> · {tw("end")}</span>}
    </p>
  );
}

/** The step's lines as the live log read them (the move, or the rule deadline, and what the engine did). */
function stepText(replay: ReplayState): string {
  const record = replay.record!;
  if (replay.step === 0) return tw("deal");
  const told = stepEvents(replay);
  if (!told) return tw("loading");
  const made = replay.moves[replay.step];
  const seatNames = Object.fromEntries(record.names.map((seatName, seat) => [seat, seatName]));
  const names = Object.fromEntries(record.seats.map((member, seat) => [member, seatNames[seat] ?? "?"]));
  if (made.by === "standin" && made.seat !== null) {
    names[record.seats[made.seat]] = t("upkeep.standin_name", { name: seatNames[made.seat] ?? "?" });
  }
  const by = made.by === "deadline" ? undefined : made.by;
  const lines = told.flatMap((event) =>
    describe({ id: replay.step, event, names, seatNames, game: record.game, number: record.number, by }));
  const mover = made.seat === null ? "?" : names[record.seats[made.seat]];
  return (lines.length ? lines : [t("log.move.other", { name: mover })]).join(" · ");
}

/** Whose view: each seat of the game (and the spectator's, for a viewer who had none). */
function SeatPicker({ replay }: { replay: ReplayState }) {
  const record = replay.record!;
  return (
    <select class="replay-seat" aria-label={tw("seat")} value={replay.seat === null || replay.seat === undefined ? "" : String(replay.seat)}
      onChange={(e) => showSeat(e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
      {replay.spectator && <option value="">{tw("spectator")}</option>}
      {record.names.map((name, seat) => <option value={String(seat)}>{name}</option>)}
    </select>
  );
}

function Controls({ replay, last }: { replay: ReplayState; last: number }) {
  return (
    <div class="replay-controls" role="group" aria-label={tw("title", { n: replay.number })}>
      <button class="icon-button" aria-label={tw("back")} disabled={replay.step === 0}
        onClick={() => stepReplay(replay.step - 1)}><Icon d={BACK} /></button>
      <button class="icon-button replay-play" aria-label={tw(replay.playing ? "pause" : "play")}
        onClick={togglePlay}><Icon d={replay.playing ? PAUSE : PLAY} /></button>
      <button class="icon-button" aria-label={tw("forward")} disabled={replay.step >= last}
        onClick={() => stepReplay(replay.step + 1)}><Icon d={FORWARD} /></button>
      <input class="replay-scrubber" type="range" min={0} max={last} step={1} value={replay.step} aria-label={tw("scrubber")}
        aria-valuetext={tw("position", { n: replay.step, total: last })}
        onInput={(e) => stepReplay(Number(e.currentTarget.value))} />
      <select class="replay-speed" aria-label={tw("speed")} value={String(replay.speed)}
        onChange={(e) => setSpeed(Number(e.currentTarget.value) as Speed)}>
        {SPEEDS.map((speed) => <option value={String(speed)}>{speed}×</option>)}
      </select>
    </div>
  );
}

/** The replay's link for the room's members: the phone's share sheet, or copied. */
function Share({ replay }: { replay: ReplayState }) {
  const [copied, setCopied] = useState(false);
  const link = shareLink(replay.room, replay.number);
  async function share() {
    if (typeof navigator.share === "function") {
      await navigator.share({ title: t("app.name"), text: tw("share_text", { n: replay.number, code: replay.room }), url: link }).catch(() => {});
      return;
    }
    await navigator.clipboard?.writeText(link).then(() => setCopied(true), () => {});
  }
  return (
    <button class="icon-button replay-share" data-link={link} aria-label={copied ? tw("copied") : tw("share")} title={tw("share")}
      onClick={share}><Icon d={copied ? DONE : LINK} /></button>
  );
}

function Refusal({ replay }: { replay: ReplayState }) {
  const code = replay.error!;
  const text = code === "not_in_room" ? tw("refused.not_in_room", { code: replay.room })
    : code === "no_replay" ? tw("refused.no_replay") : `${tw("refused.other")} ${tKnown(`error.${code}`)}`;
  return (
    <section class="card-panel replay-refused" role="alert" data-code={code}>
      <p>{text}</p>
      <button class="button" onClick={closeReplay}>{tw("close")}</button>
    </section>
  );
}
