/**
 * One person (or CPU) of the room's list, in the lobby and between games: connected or not, host, CPU level,
 * 「離席中」 while the stand-in plays for them, wins; and for the host a menu (⋯) to remove a person — with a reason
 * they are told, after a confirmation (during a game too: the stand-in takes the seat at once). `children`: more
 * controls of the row (the lobby's button that removes a CPU).
 */
import "../../styles/upkeep.css";
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { app, roomAction } from "../../app";
import { t, tKnown } from "../../i18n";
import { REMOVAL_REASONS, type Member, type RemovalReason, type RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { Face } from "./Face";
import { Sheet } from "./Sheet";

export function MemberRow({ room, member, children }: { room: RoomFrame; member: Member; children?: ComponentChildren }) {
  const removable = room.you.host && !member.cpu && member.member !== room.you.member;
  return (
    <li class={`member${member.connected ? "" : " away"}`} data-member={member.member}>
      <span class={`presence${member.connected ? " on" : ""}`} role="img"
        aria-label={t(member.connected ? "lobby.connected" : "lobby.disconnected")} />
      <Face avatar={member.avatar} name={member.name} />
      <span class="member-name">
        {member.name}
        {member.member === room.you.member && <small> ({t("table.you")})</small>}
      </span>
      {member.host && <span class="badge host">{t("lobby.host")}</span>}
      {member.cpu && <span class="badge">{levelName(room.settings.cpu_level)}</span>}
      {member.away && <span class="badge warn">{t("upkeep.away_badge")}</span>}
      <span class="member-wins">{t("table.wins", { n: member.wins })}</span>
      {children}
      {removable && <MemberMenu member={member} />}
    </li>
  );
}

export const levelName = (level: string): string => tKnown(`lobby.cpu_level.${level}`, {}, "lobby.cpu_level");

function MemberMenu({ member }: { member: Member }) {
  const { busy } = useStore(app);
  const [step, setStep] = useState<"closed" | "menu" | "confirm">("closed");
  const [reason, setReason] = useState<RemovalReason | "none" | null>(null);
  const close = () => {
    setStep("closed");
    setReason(null);
  };
  const remove = () => {
    roomAction("remove_member", { member: member.member, ...(reason && reason !== "none" ? { reason } : {}) });
    close();
  };
  return (
    <>
      <button class="icon-button small member-menu" aria-haspopup="dialog" aria-expanded={step !== "closed"}
        aria-label={t("upkeep.menu", { name: member.name })} disabled={!!busy} onClick={() => setStep("menu")}>⋯</button>
      {step !== "closed" && (
        <>
          <div class="sheet-backdrop" aria-hidden="true" onClick={close} />
          <Sheet key={step} title={member.name} class="member-sheet" onClose={close}>
            {step === "menu" ? (
              <div class="sheet-actions">
                <button class="button warn wide" onClick={() => setStep("confirm")}>{t("upkeep.remove")}</button>
                <button class="button secondary wide" onClick={close}>{t("upkeep.remove_no")}</button>
              </div>
            ) : (
              <>
                <p class="remove-question">{t("upkeep.remove_confirm", { name: member.name })}</p>
                <fieldset class="reason-choice">
                  <legend>{t("upkeep.remove_reason", { name: member.name })}</legend>
                  {[...REMOVAL_REASONS, "none" as const].map((code) => (
                    <label class="reason-option">
                      <input type="radio" name="removal-reason" value={code} checked={reason === code}
                        onChange={() => setReason(code)} />
                      <span>{tKnown(`upkeep.reason_choice.${code}`)}</span>
                    </label>
                  ))}
                </fieldset>
                <div class="sheet-actions row">
                  <button class="button secondary" onClick={close}>{t("upkeep.remove_no")}</button>
                  <button class="button warn grow" disabled={!reason || !!busy} onClick={remove}>{t("upkeep.remove_yes")}</button>
                </div>
              </>
            )}
          </Sheet>
        </>
      )}
    </>
  );
}
