/**
 * The face picker: a picture (or the name's initial) and a colour, each one tap, kept on this device and sent as
 * the name is (app/account.ts `setAvatar`). On the start screen open; in ⚙ folded under the face as it is.
 */
import { COLORS, PICTURES } from "../../account/avatar";
import { app, setAvatar } from "../../app";
import { t } from "../../i18n";
import { useStore } from "../../store";
import { Face } from "./Face";

export function AvatarPicker({ name, folded = false }: { name: string; folded?: boolean }) {
  const { avatar, busy } = useStore(app);
  const choices = (
    <>
      <div class="face-pictures" role="group" aria-label={t("face.picture")}>
        {PICTURES.map((picture) => (
          <button type="button" class={`face-choice${picture === avatar.picture ? " on" : ""}`} data-picture={picture}
            aria-pressed={picture === avatar.picture} aria-label={t(`face.picture.${picture}`)} disabled={!!busy}
            onClick={() => setAvatar({ ...avatar, picture })}>
            <Face avatar={{ picture, color: avatar.color }} name={name || "?"} />
          </button>
        ))}
      </div>
      <div class="face-colors" role="group" aria-label={t("face.color")}>
        {COLORS.map((color) => (
          <button type="button" class={`face-swatch face-${color}${color === avatar.color ? " on" : ""}`} data-color={color}
            aria-pressed={color === avatar.color} aria-label={t(`face.color.${color}`)} disabled={!!busy}
            onClick={() => setAvatar({ ...avatar, color })} />
        ))}
      </div>
    </>
  );
  if (folded) {
    return (
      <details class="avatar-picker folded">
        <summary><Face avatar={avatar} name={name || "?"} /> <span>{t("face.change")}</span></summary>
        {choices}
      </details>
    );
  }
  return (
    <fieldset class="avatar-picker">
      <legend><Face avatar={avatar} name={name || "?"} size="seat" /> <span>{t("face.title")}</span></legend>
      {choices}
    </fieldset>
  );
}
