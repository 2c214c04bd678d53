/** Calling friends in: the room code, the join link (copy), its QR code, and the phone's share sheet. */
import { useEffect, useState } from "preact/hooks";
import { joinLink } from "../../app";
import { t } from "../../i18n";

export function Invite({ code, roomKey }: { code: string; roomKey: string }) {
  const link = joinLink(code, roomKey);
  const [showQr, setShowQr] = useState(false);
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === "function";

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard refused (an http page, an old browser): select the link so the player can copy it by hand.
      const field = document.getElementById("join-link") as HTMLInputElement | null;
      field?.select();
    }
    setCopied(true);
  }

  return (
    <section class="card-panel invite" aria-labelledby="invite-title">
      <h2 id="invite-title">{t("invite.title")}</h2>
      <p class="room-code-big" aria-label={t("room.code_label", { code })}>
        {code.split("").map((digit) => <span>{digit}</span>)}
      </p>
      <input id="join-link" class="link-field" readOnly value={link} aria-label={t("invite.link")} />
      <div class="button-row">
        <button class="button" onClick={copy}>{copied ? t("invite.copied") : t("invite.copy")}</button>
        <button class="button" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
          {showQr ? t("invite.hide_qr") : t("invite.show_qr")}
        </button>
        {canShare && (
          <button class="button" onClick={() => navigator.share({ title: t("app.name"), text: t("invite.share_text", { code }), url: link }).catch(() => {})}>
            {t("invite.share")}
          </button>
        )}
      </div>
      {showQr && <QrCode text={link} label={t("invite.qr_label", { code })} />}
    </section>
  );
}

/**
 * The QR code of `text` as crisp SVG. qrcode-generator makes the matrix; it is loaded only when a QR code is
 * first shown, so the first page stays small.
 */
function QrCode({ text, label }: { text: string; label: string }) {
  const [matrix, setMatrix] = useState<{ d: string; size: number } | null>(null);
  useEffect(() => {
    let current = true;
    import("qrcode-generator").then(({ default: qrcode }) => {
      const qr = qrcode(0, "M");
      qr.addData(text);
      qr.make();
      const modules = qr.getModuleCount();
      let d = "";
      for (let row = 0; row < modules; row++)
        for (let col = 0; col < modules; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
      // A quiet zone of 4 modules on each side, as scanners expect.
      if (current) setMatrix({ d, size: modules + 8 });
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!matrix) return <div class="qr" aria-busy="true" />;
  return (
    <svg class="qr" viewBox={`0 0 ${matrix.size} ${matrix.size}`} role="img" aria-label={label} data-qr-text={text}>
      <rect width={matrix.size} height={matrix.size} fill="#fff" />
      <path d={matrix.d} fill="#000" />
    </svg>
  );
}
