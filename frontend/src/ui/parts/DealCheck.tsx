/**
 * 「配り札を確認しました」 under a finished game's results: its revealed seed and salt hash, in this browser, to the
 * commitment the game showed first (`app/fairDeal.ts`). Nothing while it checks, or where the page has no Web
 * Crypto (plain http on a LAN address); a warning if they do not match.
 */
import { useEffect, useState } from "preact/hooks";
import { dealVerified, firstCommitment } from "../../app";
import { webCrypto } from "../../account/nonce";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";

export function DealCheck({ room }: { room: RoomFrame }) {
  const [verified, setVerified] = useState<boolean | null>(null);
  const deal = room.game?.deal;
  const committed = firstCommitment(room);
  useEffect(() => {
    const subtle = webCrypto();
    setVerified(null);
    if (!deal?.seed || !committed || !subtle) return;
    let current = true;
    void dealVerified(committed, deal, subtle).then((ok) => current && setVerified(ok));
    return () => {
      current = false;
    };
  }, [committed, deal?.seed, deal?.salt]);
  if (verified === null) return null;
  return (
    <p class={verified ? "muted deal-check" : "deal-check deal-failed"} role="status">
      {t(verified ? "results.deal_verified" : "results.deal_not_verified")}
    </p>
  );
}
