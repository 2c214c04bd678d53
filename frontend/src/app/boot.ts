/** Starting the site: its configuration, Google's sign-in, and the connection with each kind of frame wired to what
 * it changes. */
import * as gis from "../account/gis";
import type { RoomFrame } from "../net/protocol";
import * as prefs from "../prefs";
import { lobbyScreen, resultsPanel, roomScreen } from "../ui/screens/onDemand";
import {
  accountRefused, closeProfile, connected, helloForSignIn, profileCame, profileView, sessionEnded, signedIn, signInWith, welcomed,
} from "./account";
import { BackStack, screensOf } from "./backStack";
import { connect, onFrame } from "./connection";
import { firstCommitment } from "./fairDeal";
import { closeReplay, replayCame, replayRefused, replayRoomChanged, replayView, replayWelcomed } from "./replay";
import {
  askToLeave, knocking, knockRefused, leftRoom, refused, removedFromRoom, roomChanged, roomReady, settlePending,
} from "./room";
import { app } from "./state";

/** What a room frame waits for (null: nothing): the room's screen, the lobby or the results when its phase shows
 * them, and what `roomReady` names (its log and motion, its game's table), all loaded on demand. What the next
 * phase shows is fetched meanwhile: the results during a game, the lobby after it. */
function roomNeeds(frame: RoomFrame): Promise<unknown> | null {
  const inLobby = frame.phase === "lobby" || !frame.game;
  if (!inLobby) void (frame.phase === "playing" ? resultsPanel : lobbyScreen).preload();
  const waits = [roomScreen, inLobby ? lobbyScreen : frame.phase === "finished" ? resultsPanel : roomScreen]
    .map((part) => (part.ready() ? null : part.preload()));
  const pending = [...waits, roomReady(frame)].filter((wait) => wait !== null);
  return pending.length ? Promise.all(pending) : null;
}

/** The browser's Back moves between the site's screens (backStack.ts): the history follows the screens once the site
 * knows where the player is (welcomed, and in the room it resumes if it resumes one), and Back at the table or in a
 * room asks the player first, while at the profile or a replay it closes it. */
function followBack(): void {
  const stack = new BackStack(window.history, (from) => {
    if (from === "profile") closeProfile();
    else if (from === "replay") closeReplay();
    else if (from !== "home") askToLeave(from); // home is never above anything: Back there leaves the site
  });
  window.addEventListener("popstate", (event) => stack.popped(event.state));
  const show = () => {
    const { welcomed, room } = app.get();
    if (welcomed && (room || !prefs.loadRoom())) stack.show(screensOf(room, profileView.get().open, !!replayView.get().replay));
  };
  app.subscribe(show);
  profileView.subscribe(show);
  replayView.subscribe(show);
}

/** A replay closes when the room calls the player to a table, or is left (app/replay.ts). */
function followRoomForReplay(): void {
  let before = app.get().room;
  app.subscribe(({ room }) => {
    if (room === before) return;
    replayRoomChanged(room, before);
    before = room;
  });
}

export async function boot(): Promise<void> {
  prefs.applyToDocument(app.get().theme, app.get().lang);
  followBack();
  followRoomForReplay();
  let url: string;
  try {
    const config = await (await fetch("/config.json", { cache: "no-store" })).json();
    url = config.websocketUrl;
    gis.configure(config.signIn, { credential: signInWith, needsIdentity: helloForSignIn });
  } catch {
    app.set({ status: "no_config" });
    return;
  }
  void gis.useSecret(app.get().identity?.secret ?? null);
  onFrame((frame) => frame.type === "room" && firstCommitment(frame)); // checked when the game ends
  connect(url, {
    open: connected,
    unanswered: (rid) => settlePending(rid, false),
    // A room frame is handled once the room's screen, log, motion and game table are there: no half-drawn table.
    before: (frame) => (frame.type === "room" ? roomNeeds(frame) : null),
    frames: {
      welcome: (frame) => {
        welcomed(frame);
        if (app.get().welcomed) replayWelcomed(); // not the quiet hello made for a sign-in button (account.ts)
      },
      room: roomChanged,
      left: leftRoom,
      removed: removedFromRoom,
      knocking,
      knock_refused: knockRefused,
      error: (frame) => {
        if (!accountRefused(frame) && !replayRefused(frame)) refused(frame);
      },
      replay: replayCame,
      signed_in: signedIn,
      profile: profileCame,
      signed_out: sessionEnded,
      account_deleted: sessionEnded,
    },
  });
}
