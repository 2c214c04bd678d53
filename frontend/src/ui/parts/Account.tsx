/**
 * Signing in, where the player meets it: Google's button (drawn by Google Identity Services, so its branding is
 * Google's own; `make dev`'s stand-in draws its own), the start screen's offer, the settings' account row and the
 * top bar's profile button. None of it shows on a deployment without sign-in.
 */
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import * as gis from "../../account/gis";
import { app, openProfile, setStartName } from "../../app";
import { t } from "../../i18n";
import { useStore } from "../../store";
import "../../styles/account.css";

/** Google's widest and narrowest button (its `width` option). */
const WIDEST = 400;
const NARROWEST = 200;

/** The "Sign in with Google" button, drawn by Google Identity Services in the page's language and theme. */
export function SignInButton() {
  const { client, nonce, generation } = useStore(gis.signIn);
  const { lang, theme } = useStore(app);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => gis.want(), []);
  // Drawn only once the client is initialised with this device's nonce, and again after every initialisation.
  const ready = client !== null && nonce !== null && generation > 0;
  useLayoutEffect(() => {
    const parent = box.current;
    if (!parent) return;
    if (!ready) return parent.replaceChildren(); // a button asking with an old nonce must not stay
    const room = Math.floor(parent.clientWidth);
    // Narrower than Google's narrowest button (a phone zoomed in): Google's round icon button instead.
    const shape = room < NARROWEST ? { type: "icon", shape: "circle" } : { type: "standard", shape: "pill" };
    client.renderButton(parent, {
      ...shape,
      theme: theme === "dark" ? "filled_black" : "outline",
      size: "large",
      text: "signin_with",
      logo_alignment: "left",
      locale: lang,
      ...(room < NARROWEST ? {} : { width: Math.min(WIDEST, room) }),
    });
  }, [ready, generation, lang, theme]);
  if (!gis.available()) return null;
  return <div ref={box} class="gis-button" aria-busy={!ready} />;
}

/** The start screen's other way in: Google, with what it gives. A new account starts with the name typed above. */
export function SignInOffer({ name }: { name: string }) {
  useStore(gis.signIn);
  // Until the site's configuration says whether there is sign-in, its place is kept: the block arriving must not
  // push the game links and settings down (a layout shift).
  const configuring = useStore(app).status === "loading";
  useEffect(() => setStartName(name), [name]);
  if (!gis.available()) return configuring ? <div class="sign-in-offer" aria-hidden="true" /> : null;
  return (
    <div class="sign-in-offer">
      <p class="or">{t("account.or")}</p>
      <SignInButton />
      <small class="center">{t("account.pitch")}</small>
    </div>
  );
}

/** The settings' account row: who is signed in (and their profile), or the sign-in button. */
export function AccountSettings({ onOpen }: { onOpen(): void }) {
  const { identity, name } = useStore(app);
  useStore(gis.signIn);
  if (identity?.account) {
    return (
      <div class="setting account-setting">
        <span class="setting-label">{t("account.signed_in_as", { name })}</span>
        <button class="button small" onClick={() => { onOpen(); openProfile(); }}>{t("account.profile")}</button>
      </div>
    );
  }
  if (!gis.available()) return null;
  return (
    <div class="account-setting" role="group" aria-label={t("account.title")}>
      <span class="setting-label" aria-hidden="true">{t("account.title")}</span>
      <small>{t("account.pitch")}</small>
      <SignInButton />
    </div>
  );
}

/** The top bar's way to the profile of a signed-in player: the first letter of their name. */
export function ProfileButton() {
  const { identity, name } = useStore(app);
  if (!identity?.account) return null;
  return (
    <button class="icon-button avatar" aria-label={t("account.profile_of", { name })} title={t("account.profile")}
      onClick={openProfile}>
      {Array.from(name)[0] ?? "?"}
    </button>
  );
}
