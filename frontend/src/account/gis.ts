/**
 * Google Identity Services on this page (docs/protocol.md, "Accounts"). Nothing of it exists on a deployment
 * without sign-in (`config.json` has no `signIn`); with it, the script named there — Google's, or `make dev`'s
 * stand-in with the same `google.accounts.id` API — is loaded only when a sign-in button is first shown. The
 * client is initialised with the client ID and this device's nonce, and again whenever the nonce changes (a new
 * secret): a button drawn before then would ask for a token this device can no longer use.
 */
import type { SignInConfig } from "../net/protocol";
import { createStore } from "../store";
import { signInNonce, webCrypto } from "./nonce";

/** The part of `google.accounts.id` this site uses. */
export interface GoogleId {
  initialize(config: {
    client_id: string;
    nonce: string;
    callback(response: { credential: string }): void;
    auto_select: boolean;
    cancel_on_tap_outside: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

export interface SignInState {
  /** `config.json`'s `signIn`; null: everyone plays as a guest, and nothing here is loaded. */
  config: SignInConfig | null;
  /** The client, once loaded and initialised with `nonce`: buttons are drawn with it. */
  client: GoogleId | null;
  /** This device's nonce (null: no identity yet). */
  nonce: string | null;
  /** Counts initialisations: a button drawn with an older one is drawn again. */
  generation: number;
}

export const signIn = createStore<SignInState>({ config: null, client: null, nonce: null, generation: 0 });

export interface SignInHooks {
  /** Google handed the page an ID token: send it (`sign_in`). */
  credential(credential: string): void;
  /** A button is to be shown but this page has no identity yet to make a nonce from. */
  needsIdentity(): void;
}

let hooks: SignInHooks = { credential() {}, needsIdentity() {} };
let loading: Promise<GoogleId | null> | null = null;
let secret: string | null = null;
let forget = false;

/** Reads `config.json`'s `signIn` (anything malformed counts as none). */
export function configure(value: unknown, on: SignInHooks): void {
  hooks = on;
  const { clientId, script } = (value ?? {}) as Record<string, unknown>;
  const config = typeof clientId === "string" && clientId && typeof script === "string" && script ? { clientId, script } : null;
  signIn.set({ config });
}

/** Whether this page can offer sign-in: the deployment has it, and the page can compute a nonce (Web Crypto). */
export function available(): boolean {
  return signIn.get().config !== null && webCrypto() !== null;
}

/** A sign-in button wants to be shown: load the client, and make sure there will be a nonce. */
export function want(): void {
  if (!available()) return;
  if (!signIn.get().nonce) hooks.needsIdentity();
  void load();
}

/** This device's secret (null: none yet): the nonce is made from it, and the client initialised again with it. */
export async function useSecret(next: string | null): Promise<void> {
  if (next === secret) return;
  secret = next;
  signIn.set({ nonce: null }); // no button meanwhile: one drawn with the old nonce gets a token the server refuses
  const subtle = webCrypto();
  const nonce = next && subtle ? await signInNonce(next, subtle) : null;
  if (secret !== next) return; // a newer secret came while this one was hashed
  signIn.set({ nonce });
  initialize();
}

/** After signing out or deleting the account: Google must not sign this browser in again by itself. */
export function forgetSession(): void {
  const { client } = signIn.get();
  if (client) client.disableAutoSelect();
  else forget = true; // done as soon as the client loads, if it ever does on this page
}

function load(): Promise<GoogleId | null> {
  const config = signIn.get().config;
  if (!config) return Promise.resolve(null);
  loading ??= new Promise<GoogleId | null>((resolve) => {
    const script = document.createElement("script");
    script.src = config.script;
    script.async = true;
    script.onload = () => resolve(window.google?.accounts?.id ?? null);
    script.onerror = () => {
      loading = null; // a later button tries again (the network may be back)
      resolve(null);
    };
    document.head.append(script);
  }).then((client) => {
    if (client && forget) client.disableAutoSelect();
    forget = false;
    if (client) signIn.set({ client });
    initialize();
    return client;
  });
  return loading;
}

function initialize(): void {
  const { config, client, nonce, generation } = signIn.get();
  if (!config || !client || !nonce) return;
  client.initialize({
    client_id: config.clientId,
    nonce,
    callback: ({ credential }) => hooks.credential(credential),
    auto_select: false,
    cancel_on_tap_outside: true,
  });
  signIn.set({ generation: generation + 1 });
}
