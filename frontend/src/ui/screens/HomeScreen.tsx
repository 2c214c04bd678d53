/** After the start: play against CPUs at once, make a room, or join one by its 4-digit code. */
import { useState } from "preact/hooks";
import { app, createRoom, joinRoom, playSolo } from "../../app";
import { t } from "../../i18n";
import { useStore } from "../../store";
import { codeDigits } from "../logic/forms";
import { GameLinks } from "../parts/GameLinks";
import { RemovedNote } from "../parts/Removed";
import { isRoomCode } from "../logic/upkeep";
import { SoloButton } from "../parts/Solo";

export function HomeScreen() {
  const { name, busy, joinCode, knocking } = useStore(app);
  const [code, setCode] = useState("");
  const valid = isRoomCode(code);
  return (
    <main class="screen home">
      <h1 class="greeting">{t("home.hello", { name })}</h1>
      <RemovedNote />
      {joinCode && <p class="callout" role="status">{t("start.joining", { code: joinCode })}</p>}
      {knocking && <p class="callout knocking-note" role="status">{t("upkeep.knocking", { code: knocking })}</p>}
      <section class="card-panel">
        <h2>{t("home.solo_title")}</h2>
        <SoloButton disabled={!!busy} onStart={() => void playSolo()} />
      </section>
      <section class="card-panel">
        <h2>{t("home.create_title")}</h2>
        <p class="muted">{t("home.create_hint")}</p>
        <button class="button wide" disabled={!!busy} onClick={createRoom}>{t("home.create")}</button>
      </section>
      <form class="card-panel" onSubmit={(e) => { e.preventDefault(); if (valid) joinRoom(code); }}>
        <h2>{t("home.join_title")}</h2>
        <label class="field">
          <span>{t("home.code_label")}</span>
          <input class="code-input" name="code" value={code} inputMode="numeric" maxLength={16}
            autoComplete="off" enterKeyHint="go" placeholder="1234"
            onInput={(e) => {
              const digits = codeDigits(e.currentTarget.value);
              e.currentTarget.value = digits;
              setCode(digits);
            }} />
        </label>
        <button class="button wide" type="submit" disabled={!valid || !!busy}>{t("home.join")}</button>
      </form>
      <GameLinks />
    </main>
  );
}
