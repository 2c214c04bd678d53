/**
 * "Start as a guest": a name and a face (remembered), and straight on — into the room of a join link if there is one, or,
 * with 「CPUと対戦」, straight into a game against CPUs.
 */
import { useState } from "preact/hooks";
import { app, startAsGuest, startSolo } from "../../app";
import { t } from "../../i18n";
import { useStore } from "../../store";
import { SignInOffer } from "../parts/Account";
import { AvatarPicker } from "../parts/AvatarPicker";
import { GameLinks } from "../parts/GameLinks";
import { Settings } from "../parts/Settings";
import { SoloButton } from "../parts/Solo";
import { MAX_NAME, nameProblem } from "../logic/upkeep";

export function StartScreen() {
  const { name, joinCode, status } = useStore(app);
  const [draft, setDraft] = useState(name);
  // The server's rule, checked before sending: a name of spaces or fillers alone would show as blank.
  const problem = nameProblem(draft);
  const valid = problem === null;
  return (
    <main class="screen start">
      <section class="hero">
        <h1>{t("app.name")}</h1>
        <p class="lead">{t("start.lead")}</p>
      </section>
      {joinCode && <p class="callout">{t("start.joining", { code: joinCode })}</p>}
      <form class="card-panel" onSubmit={(e) => { e.preventDefault(); if (valid) startAsGuest(draft); }}>
        <label class="field">
          <span>{t("start.name_label")}</span>
          <input name="name" value={draft} maxLength={MAX_NAME} autoComplete="nickname" enterKeyHint="go"
            placeholder={t("start.name_placeholder")} onInput={(e) => setDraft(e.currentTarget.value)}
            aria-invalid={problem !== null && problem !== "empty"} aria-describedby={problem && problem !== "empty" ? "name-problem" : undefined} />
        </label>
        {problem && problem !== "empty" && <p id="name-problem" class="warn-text name-problem">{t(`upkeep.name.${problem}`)}</p>}
        <AvatarPicker name={draft} />
        {!joinCode && <SoloButton disabled={!valid || status !== "open"} onStart={() => startSolo(draft)} />}
        <button class={`button wide${joinCode ? " primary" : ""}`} type="submit" disabled={!valid || status !== "open"}>
          {t("start.as_guest")}
        </button>
        <SignInOffer name={draft} />
      </form>
      <GameLinks />
      <section class="card-panel">
        <Settings />
      </section>
    </main>
  );
}
