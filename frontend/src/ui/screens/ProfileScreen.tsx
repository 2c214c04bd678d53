/**
 * A signed-in player's profile (docs/protocol.md, "Accounts"): their name (changed here), games played and won per
 * game, the last games (each replayed in a tap while the server keeps its record), and signing out or deleting the account — both only outside a room, deleting after a
 * confirmation. After either it says what happened until it is closed; the device is a new guest by then.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { app, closeProfile, deleteAccount, profileView, rename, replayRecent, signOut } from "../../app";
import { gameName, games } from "../../games";
import { currentLang, t } from "../../i18n";
import type { ProfileFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { replayable } from "../logic/replayTable";
import { tw } from "../logic/replayWords";
import { MAX_NAME, nameProblem } from "../logic/upkeep";
import "../../styles/account.css";

export function ProfileScreen() {
  const { profile, ended } = useStore(profileView);
  const { busy, room } = useStore(app);
  return (
    <main class="screen profile">
      <div class="profile-bar">
        <button class="button secondary small" onClick={closeProfile}>‹ {t("account.back")}</button>
        <h1>{t("account.profile")}</h1>
      </div>
      {ended ? (
        <section class="card-panel">
          <p role="status">{t(`account.${ended}`)}</p>
          <button class="button primary wide" onClick={closeProfile}>{t("common.close")}</button>
        </section>
      ) : profile ? (
        <>
          <Name profile={profile} busy={!!busy} />
          <Stats profile={profile} />
          <Recent profile={profile} />
          <Leaving inRoom={!!room} busy={!!busy} />
        </>
      ) : (
        <p class="muted center" role="status">{t("account.loading")}</p>
      )}
    </main>
  );
}

function Name({ profile, busy }: { profile: ProfileFrame; busy: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(profile.name);
  const field = useRef<HTMLInputElement>(null);
  const problem = nameProblem(draft);
  const valid = problem === null;
  const since = new Intl.DateTimeFormat(currentLang(), { dateStyle: "long" }).format(profile.created * 1000);
  useEffect(() => setEditing(false), [profile.name]);
  useEffect(() => { if (editing) field.current?.focus(); }, [editing]);
  return (
    <section class="card-panel profile-name">
      {editing ? (
        <form onSubmit={(e) => { e.preventDefault(); if (valid) rename(draft); }}>
          <label class="field">
            <span>{t("start.name_label")}</span>
            <input name="name" value={draft} maxLength={MAX_NAME} autoComplete="nickname" enterKeyHint="done"
              ref={field} onInput={(e) => setDraft(e.currentTarget.value)} />
          </label>
          {problem && problem !== "empty" && <p class="warn-text name-problem">{t(`upkeep.name.${problem}`)}</p>}
          <div class="button-row">
            <button class="button primary" type="submit" disabled={!valid || busy}>{t("account.save")}</button>
            <button class="button secondary" type="button" onClick={() => setEditing(false)}>{t("account.cancel")}</button>
          </div>
        </form>
      ) : (
        <>
          <h2 class="profile-player">{profile.name}</h2>
          <p class="muted">{t("account.since", { date: since })}<br />{t("account.devices", { n: profile.devices })}</p>
          <button class="button small" onClick={() => { setDraft(profile.name); setEditing(true); }}>
            {t("account.rename")}
          </button>
        </>
      )}
    </section>
  );
}

/** Every game the site knows, played or not, then any other game the server counted (by its id). */
function Stats({ profile }: { profile: ProfileFrame }) {
  const ids = [...games().map((game) => game.id), ...Object.keys(profile.stats)].filter((id, i, all) => all.indexOf(id) === i);
  const percent = new Intl.NumberFormat(currentLang(), { style: "percent" });
  return (
    <section class="card-panel">
      <h2>{t("account.stats")}</h2>
      <ul class="plain stats">
        {ids.map((id) => {
          const { played = 0, won = 0 } = profile.stats[id] ?? {};
          return (
            <li key={id} data-game={id}>
              <span class="stats-game">{gameName(id)}</span>
              {played ? (
                <span>
                  <span class="stats-count">{t("account.played_won", { played, won })}</span>
                  <small>{t("account.win_rate", { rate: percent.format(won / played) })}</small>
                </span>
              ) : (
                <span class="muted">{t("account.not_played")}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Recent({ profile }: { profile: ProfileFrame }) {
  const now = Date.now() / 1000;
  const when = new Intl.DateTimeFormat(currentLang(), { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  return (
    <section class="card-panel">
      <h2>{t("account.recent")}</h2>
      {profile.recent.length === 0 ? <p class="muted">{t("account.recent_none")}</p> : (
        <ol class="plain recent">
          {profile.recent.map((game) => (
            <li key={`${game.room}:${game.at}`}>
              <span class={`badge ${game.won ? "won" : "lost"}`}>{t(game.won ? "account.won" : "account.lost")}</span>
              <span class="recent-game">{gameName(game.game)}</span>
              <small>{when.format(game.at * 1000)} · #{game.room} · {t("account.players", { n: game.players })}</small>
              {replayable(game, now) && (
                <button class="button small replay-open" aria-label={tw("open_recent_label", { n: game.number, code: game.room })}
                  onClick={() => replayRecent(game.room, game.number)}>{tw("open")}</button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Signing out and deleting the account (outside a room only: the seat would be left to an account gone away). */
function Leaving({ inRoom, busy }: { inRoom: boolean; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (confirming) keep.current?.focus(); }, [confirming]);
  return (
    <section class="card-panel leaving">
      <p class="muted">{t("account.privacy")}</p>
      {inRoom ? <p class="callout">{t("account.in_room")}</p> : (
        <>
          <button class="button wide" disabled={busy} onClick={signOut}>{t("account.sign_out")}</button>
          <small>{t("account.sign_out_hint")}</small>
          {confirming ? (
            <div class="confirm" role="group" aria-label={t("account.delete")}>
              <p class="warn-text">{t("account.delete_confirm")}</p>
              <div class="button-row">
                <button class="button warn" disabled={busy} onClick={deleteAccount}>{t("account.delete_yes")}</button>
                <button ref={keep} class="button secondary" onClick={() => setConfirming(false)}>{t("account.cancel")}</button>
              </div>
            </div>
          ) : (
            <button class="button secondary wide danger" disabled={busy} onClick={() => setConfirming(true)}>
              {t("account.delete")}
            </button>
          )}
        </>
      )}
    </section>
  );
}
