/**
 * The lobby: who is here (host, connected or not, CPUs), the invitation, the games with their player counts
 * and options, how the game is chosen (host picks or everyone votes), CPUs and their level, and start.
 */
import { app, leaveRoom, roomAction } from "../app";
import { t, type Key } from "../i18n";
import type { LobbyGame, RoomFrame } from "../net/protocol";
import { useStore } from "../store";
import { GameOptions } from "./GameOptions";
import { Invite } from "./Invite";
import { rulesUrl } from "./links";
import { gameName } from "./names";

export function Lobby({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  const host = room.you.host;
  const voting = room.settings.mode === "vote";
  const seats = room.members.length;
  return (
    <main class="screen lobby" data-phase={room.phase} data-version={room.version}>
      <Invite code={room.code} />

      <section class="card-panel" aria-labelledby="members-title">
        <h2 id="members-title">{t("lobby.members", { n: seats })}</h2>
        <ul class="members">
          {room.members.map((member, index) => (
            <li class={`member${member.connected ? "" : " away"}`}>
              <span class={`presence${member.connected ? " on" : ""}`} role="img"
                aria-label={t(member.connected ? "lobby.connected" : "lobby.disconnected")} />
              <span class="member-name">
                {member.name}
                {member.member === room.you.member && <small> ({t("table.you")})</small>}
              </span>
              {member.host && <span class="badge host">{t("lobby.host")}</span>}
              {member.cpu && <span class="badge">{t(`lobby.cpu_level.${room.settings.cpu_level}` as Key)}</span>}
              <span class="member-wins">{t("table.wins", { n: member.wins })}</span>
              {host && member.cpu && (
                <button class="icon-button small" disabled={!!busy} aria-label={t("lobby.remove_cpu", { name: member.name })}
                  onClick={() => roomAction("remove_cpu", { seat: index })}>×</button>
              )}
            </li>
          ))}
        </ul>
        {host && (
          <div class="button-row">
            <button class="button" disabled={!!busy || seats >= 10} onClick={() => roomAction("add_cpu")}>
              {t("lobby.add_cpu")}
            </button>
            <label class="inline-field">
              <span>{t("lobby.cpu_level")}</span>
              <select value={room.settings.cpu_level} disabled={!!busy}
                onChange={(e) => roomAction("set_settings", { cpu_level: e.currentTarget.value })}>
                {(["easy", "normal"] as const).map((level) => (
                  <option value={level}>{t(`lobby.cpu_level.${level}` as Key)}</option>
                ))}
              </select>
            </label>
          </div>
        )}
      </section>

      <section class="card-panel" aria-labelledby="games-title">
        <h2 id="games-title">{t("lobby.games")}</h2>
        <div class="segmented" role="group" aria-label={t("lobby.mode")}>
          {(["host", "vote"] as const).map((mode) => (
            <button class={room.settings.mode === mode ? "on" : ""} aria-pressed={room.settings.mode === mode}
              disabled={!host || !!busy} onClick={() => roomAction("set_settings", { mode })}>
              {t(`lobby.mode.${mode}` as Key)}
            </button>
          ))}
        </div>
        <ul class="plain game-list">
          {room.lobby.games.map((game) => <GameChoice room={room} game={game} busy={!!busy} />)}
        </ul>
      </section>

      <div class="sticky-actions">
        {host ? (
          <button class="button primary wide big" disabled={!!busy || !canStart(room)}
            onClick={() => roomAction("start", voting ? {} : { game: room.lobby.selected })}>
            {t("lobby.start")}
          </button>
        ) : (
          <p class="muted center">{t(voting ? "lobby.waiting_vote" : "lobby.waiting_host")}</p>
        )}
        <button class="button secondary wide" disabled={!!busy} onClick={leaveRoom}>{t("lobby.leave")}</button>
      </div>
    </main>
  );
}

function canStart(room: RoomFrame): boolean {
  const fits = (id: string | null) => room.lobby.games.some((g) => g.id === id && g.fits);
  if (room.settings.mode === "host") return fits(room.lobby.selected);
  return Object.entries(room.lobby.votes).some(([game, voters]) => voters.length > 0 && fits(game));
}

function GameChoice({ room, game, busy }: { room: RoomFrame; game: LobbyGame; busy: boolean }) {
  const voting = room.settings.mode === "vote";
  const selected = room.lobby.selected === game.id;
  const voters = room.lobby.votes[game.id] ?? [];
  const myVote = voters.includes(room.you.member);
  const names = voters.map((id) => room.members.find((m) => m.member === id)?.name ?? "?");
  return (
    <li class={`game-choice${selected && !voting ? " selected" : ""}${game.fits ? "" : " unfit"}`}>
      <div class="game-choice-head">
        <span class={`game-icon ${game.id}`} aria-hidden="true" />
        <span class="game-choice-title">
          <b>{gameName(game.id)}</b>
          <small>{t("lobby.player_range", { min: game.min, max: game.max })}</small>
          {!game.fits && <small class="warn-text">{t("lobby.does_not_fit")}</small>}
        </span>
        <a class="link small" href={rulesUrl(game.id)} target="_blank" rel="noopener">{t("home.rules")}</a>
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
      {(selected || voting) && (
        <details class="options-box" open={room.you.host && selected}>
          <summary>{t("options.title")}</summary>
          <GameOptions game={game.id} options={room.lobby.options[game.id] ?? {}} editable={room.you.host} busy={busy} />
        </details>
      )}
    </li>
  );
}
