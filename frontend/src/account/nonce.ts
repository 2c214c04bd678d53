/**
 * The nonce a device asks Google Identity Services to put in its ID token (docs/protocol.md, "Accounts"):
 * `sha256hex("deckroom-sign-in:" + sha256hex(secret))`, lower-case hex over UTF-8. The server recomputes it from
 * the hash it stores, so a token is good only on the device that asked for it.
 *
 * SHA-256 comes from Web Crypto, which browsers offer only in secure contexts (https, or localhost). Where it is
 * missing — a phone on `make dev`'s plain-http LAN address — there is no nonce and no sign-in button
 * (docs/decisions.md, "Sign-in in the browser").
 */

const CONTEXT = "deckroom-sign-in:";

type Subtle = Pick<SubtleCrypto, "digest">;

/** Web Crypto's digest where the page may use it, else null. */
export function webCrypto(): Subtle | null {
  return globalThis.crypto?.subtle ?? null;
}

/** SHA-256 of `text`'s UTF-8 bytes, as 64 lower-case hex digits. */
export async function sha256hex(text: string, subtle: Subtle): Promise<string> {
  const digest = new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The nonce of the device whose secret hashes to `secretHash` (the hash the server stores). */
export function nonceOf(secretHash: string, subtle: Subtle): Promise<string> {
  return sha256hex(CONTEXT + secretHash, subtle);
}

/** The nonce of the device holding `secret`. */
export async function signInNonce(secret: string, subtle: Subtle): Promise<string> {
  return nonceOf(await sha256hex(secret, subtle), subtle);
}
