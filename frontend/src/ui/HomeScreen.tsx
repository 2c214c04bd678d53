/** After the start: make a room, or join one by its 4-digit code. */
import { useState } from "preact/hooks";
import { app, createRoom, joinRoom } from "../app";
import { t } from "../i18n";
import { useStore } from "../store";
import { GameLinks } from "./GameLinks";

export function HomeScreen() {
  const { name, busy, joinCode } = useStore(app);
  const [code, setCode] = useState("");
  const valid = /^\d{4}$/.test(code);
  return (
    <main class="screen home">
      <h1 class="greeting">{t("home.hello", { name })}</h1>
      {joinCode && <p class="callout" role="status">{t("start.joining", { code: joinCode })}</p>}
      <section class="card-panel">
        <h2>{t("home.create_title")}</h2>
        <p class="muted">{t("home.create_hint")}</p>
        <button class="button primary wide" disabled={!!busy} onClick={createRoom}>{t("home.create")}</button>
      </section>
      <form class="card-panel" onSubmit={(e) => { e.preventDefault(); if (valid) joinRoom(code); }}>
        <h2>{t("home.join_title")}</h2>
        <label class="field">
          <span>{t("home.code_label")}</span>
          <input class="code-input" name="code" value={code} inputMode="numeric" pattern="[0-9]{4}" maxLength={4}
            autoComplete="off" enterKeyHint="go" placeholder="1234"
            onInput={(e) => setCode(e.currentTarget.value.replace(/\D/g, "").slice(0, 4))} />
        </label>
        <button class="button wide" type="submit" disabled={!valid || !!busy}>{t("home.join")}</button>
      </form>
      <GameLinks />
    </main>
  );
}
