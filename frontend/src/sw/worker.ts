/**
 * The service worker, built to `/sw.js` (build/pwa.ts puts this build's files and their digests in `PRECACHE`):
 * the app shell and the rules pages open without a connection; the game itself needs one, and says so.
 *
 * - install: every file of the build — the game tables and languages loaded on demand too — is fetched (a hashed
 *   file of /assets/ from the HTTP cache when the page already loaded it, the rest revalidated with the server)
 *   and its digest checked before it is cached. A file of another build — an edge still serving the old page in
 *   the middle of a deploy — fails the install: the worker already running keeps serving, and the next update check tries again.
 * - A new worker waits: it takes over only when the page asks (`activate`), which the app does at a safe moment,
 *   never during a game (touch/worker.ts), or once no tab uses the old one. Then older builds' caches are deleted.
 * - fetch: a file of the build, whatever its query (`/?room=1234`, `/rules/color-match.html?lang=en`), comes from
 *   the cache (the network if it is missing). Everything else — `/config.json`, other sites, the icons — goes to
 *   the network untouched and is never cached; the WebSocket never passes through a service worker at all.
 *
 * It imports nothing: it is one script, type-stripped, with the few worker types it uses declared below.
 */
declare const BUILD: string;
declare const PRECACHE: Record<string, string>;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = `deckroom-${BUILD}`;

async function digest(response: Response): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(PRECACHE).map(async ([path, expected]) => {
    // A file of /assets/ is named by its content (hashed, immutable): the copy the page already loaded, in the
    // HTTP cache, is the right one — taken from there, not fetched again. The rest (the pages, the manifests) keeps
    // its name across builds, so it is revalidated.
    const response = await fetch(path, { cache: path.startsWith("/assets/") ? "force-cache" : "no-cache" });
    if (!response.ok || (await digest(response.clone())) !== expected) throw new Error(`${path}: not this build's`);
    await cache.put(path, response);
  }));
}

async function dropOlderBuilds(): Promise<void> {
  for (const key of await caches.keys()) if (key.startsWith("deckroom-") && key !== CACHE) await caches.delete(key);
  await worker.clients.claim();
}

async function answer(path: string, request: Request): Promise<Response> {
  const cached = await (await caches.open(CACHE)).match(path, { ignoreVary: true });
  return cached ?? fetch(request);
}

worker.addEventListener("install", (event) => event.waitUntil(precache()));
worker.addEventListener("activate", (event) => event.waitUntil(dropOlderBuilds()));
worker.addEventListener("message", (event) => {
  if (event.data === "activate") void worker.skipWaiting();
});
worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const path = url.pathname === "/index.html" ? "/" : url.pathname;
  if (event.request.method !== "GET" || url.origin !== worker.location.origin || !(path in PRECACHE)) return;
  event.respondWith(answer(path, event.request));
});
