/**
 * The lobby: who is here (host, connected or not, CPUs), the invitation, the games with their player counts
 * and options, how the game is chosen (host picks or everyone votes), CPUs and their level, and a small bar at
 * the bottom to start (saying why it cannot yet, and letting the host settle a tied vote) or to leave (asked
 * first); the room's past games, each one replayed in a tap.
 */
import { useState } from "preact/hooks";
import { app, leaveRoom, roomAction } from "../../app";
import { gameName } from "../../games";
import { t } from "../../i18n";
import type { LobbyGame, RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { GameOptions } from "../parts/GameOptions";
import { labelsOf, presetOf, startPlan } from "../logic/lobby";
import { Invite } from "../parts/Invite";
import { rulesUrl } from "../logic/links";
import { AbsentNote, Watching } from "../parts/Away";
import { History } from "../parts/History";
import { levelName, MemberRow } from "../parts/Members";
import { RoomSettings } from "../parts/RoomSettings";

export function Lobby({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  const host = room.you.host;
  const seats = room.members.length;
  // The levels the server takes (lobby frames list them), and the room's own whatever happens.
  const offered = room.lobby.cpu_levels ?? [];
  const levels = offered.includes(room.settings.cpu_level) ? offered : [...offered, room.settings.cpu_level];
  // The host's lobby begins with the games (what they came to do: choose and start); a guest's with the invite and
  // who is here. One order in the page for both eyes and the keyboard.
  const gameList = (
    <section class="card-panel" aria-labelledby="games-title">
      <h2 id="games-title">{t("lobby.games")}</h2>
      <div class="segmented" role="group" aria-label={t("lobby.mode")}>
        {(["host", "vote"] as const).map((mode) => (
          <button class={room.settings.mode === mode ? "on" : ""} aria-pressed={room.settings.mode === mode}
            disabled={!host || !!busy} onClick={() => roomAction("set_settings", { mode })}>
            {t(`lobby.mode.${mode}`)}
          </button>
        ))}
      </div>
      <ul class="plain game-list">
        {room.lobby.games.map((game) => <GameChoice room={room} game={game} busy={!!busy} />)}
      </ul>
    </section>
  );
  return (
    <main class="screen lobby" data-phase={room.phase} data-version={room.version}>
      <Watching room={room} />
      {host && gameList}
      <Invite code={room.code} roomKey={room.key} />

      <section class="card-panel" aria-labelledby="members-title">
        <h2 id="members-title">{t("lobby.members", { n: seats })}</h2>
        <ul class="members">
          {room.members.map((member, index) => (
            <MemberRow room={room} member={member}>
              {host && member.cpu && (
                <button class="icon-button small" disabled={!!busy} aria-label={t("lobby.remove_cpu", { name: member.name })}
                  onClick={() => roomAction("remove_cpu", { seat: index })}>×</button>
              )}
            </MemberRow>
          ))}
        </ul>
        <AbsentNote room={room} />
        {host && (
          <div class="button-row">
            <button class="button" disabled={!!busy || seats >= 10} onClick={() => roomAction("add_cpu")}>
              {t("lobby.add_cpu")}
            </button>
            <label class="inline-field">
              <span>{t("lobby.cpu_level")}</span>
              <select value={room.settings.cpu_level} disabled={!!busy}
                onChange={(e) => roomAction("set_settings", { cpu_level: e.currentTarget.value })}>
                {levels.map((level) => <option value={level}>{levelName(level)}</option>)}
              </select>
            </label>
          </div>
        )}
      </section>

      <RoomSettings room={room} />
      {!host && gameList}
      {room.history.length > 0 && (
        <section class="card-panel" aria-labelledby="history-title">
          <h2 id="history-title">{t("results.history")}</h2>
          <History room={room} />
        </section>
      )}

      <StartBar room={room} busy={!!busy} />
    </main>
  );
}


/** The bottom bar: start (or why not; or the tied games to choose from) and leave, which asks first. */
function StartBar({ room, busy }: { room: RoomFrame; busy: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const plan = startPlan(room);
  if (leaving) {
    return (
      <div class="start-bar" role="group" aria-label={t("lobby.leave_confirm")}>
        <p class="start-why">{t("lobby.leave_confirm")}</p>
        <div class="start-row">
          <button class="button secondary" onClick={() => setLeaving(false)}>{t("lobby.leave_no")}</button>
          <button class="button warn grow" disabled={busy} onClick={leaveRoom}>{t("lobby.leave_yes")}</button>
        </div>
      </div>
    );
  }
  const leave = (
    <button class="button secondary" disabled={busy} onClick={() => setLeaving(true)}>{t("lobby.leave")}</button>
  );
  if (!room.you.host) {
    const waiting = "tied" in plan ? t("lobby.tie") : t(room.settings.mode === "vote" ? "lobby.waiting_vote" : "lobby.waiting_host");
    return (
      <div class="start-bar">
        <div class="start-row">
          {leave}
          <p class="start-why grow" role="status">{waiting}</p>
        </div>
      </div>
    );
  }
  if ("tied" in plan) {
    return (
      <div class="start-bar">
        <p class="start-why" role="status">{t("lobby.tie_host")}</p>
        <div class="start-row">
          {leave}
          {plan.tied.map((id) => (
            <button class="button primary grow" disabled={busy || !room.lobby.games.find((g) => g.id === id)?.fits}
              onClick={() => roomAction("start", { game: id })}>{t("lobby.start_game", { game: gameName(id) })}</button>
          ))}
        </div>
      </div>
    );
  }
  const game = "start" in plan ? plan.start : room.lobby.selected;
  return (
    <div class="start-bar">
      {"why" in plan && <p class="start-why" id="start-why" role="status">{plan.why}</p>}
      <div class="start-row">
        {leave}
        <button class="button primary grow" disabled={busy || !("start" in plan)}
          aria-describedby={"why" in plan ? "start-why" : undefined}
          onClick={() => "start" in plan && roomAction("start", { game: plan.start })}>
          {game ? t("lobby.start_game", { game: gameName(game) }) : t("lobby.start")}
        </button>
      </div>
    </div>
  );
}

function GameChoice({ room, game, busy }: { room: RoomFrame; game: LobbyGame; busy: boolean }) {
  const voting = room.settings.mode === "vote";
  const selected = room.lobby.selected === game.id;
  const voters = room.lobby.votes[game.id] ?? [];
  const myVote = voters.includes(room.you.member);
  const names = voters.map((id) => room.members.find((m) => m.member === id)?.name ?? "?");
  const options = room.lobby.options[game.id] ?? {};
  const preset = presetOf(game, options);
  const rules = rulesUrl(game.id);
  const hasOptions = Object.keys(game.options ?? {}).length > 0;
  return (
    <li class={`game-choice${selected && !voting ? " selected" : ""}${game.fits ? "" : " unfit"}`}>
      <div class="game-choice-head">
        <span class={`game-icon ${game.id}`} aria-hidden="true" />
        <span class="game-choice-title">
          <b>{gameName(game.id)}</b>
          <small>{t("lobby.player_range", { min: game.min, max: game.max })}</small>
          {!game.fits && <small class="warn-text">{t("lobby.does_not_fit")}</small>}
        </span>
        {rules && <a class="link small" href={rules} target="_blank" rel="noopener">{t("home.rules")}</a>}
      </div>
      {voting ? (
        <div class="button-row">
          <button class={`button${myVote ? " primary" : ""}`} aria-pressed={myVote} disabled={busy || room.you.spectator}
            onClick={() => roomAction("vote", { game: myVote ? null : game.id })}>
            {myVote ? t("lobby.unvote") : t("lobby.vote")}
          </button>
          <span class="muted">{t("lobby.votes", { n: voters.length })}{names.length ? `: ${names.join("・")}` : ""}</span>
        </div>
      ) : room.you.host ? (
        <button class={`button${selected ? " primary" : ""}`} aria-pressed={selected} disabled={busy || selected}
          onClick={() => roomAction("select_game", { game: game.id })}>
          {selected ? t("lobby.selected") : t("lobby.select")}
        </button>
      ) : (
        selected && <span class="badge">{t("lobby.selected")}</span>
      )}
      {(selected || voting) && hasOptions && (
        <details class="options-box" open={room.you.host && selected}>
          <summary>
            <span class="options-chevron" aria-hidden="true" />
            {game.presets && Object.keys(game.presets).length
              ? t("options.summary", { preset: preset ? labelsOf(game.id).preset(preset) : t("options.custom") })
              : t("options.title")}
          </summary>
          <GameOptions game={game} options={options} editable={room.you.host} busy={busy} />
        </details>
      )}
    </li>
  );
}
