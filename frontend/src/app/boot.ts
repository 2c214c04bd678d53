/** Starting the site: its configuration, Google's sign-in, and the connection with each kind of frame wired to what
 * it changes. */
import * as gis from "../account/gis";
import * as prefs from "../prefs";
import { accountRefused, connected, helloForSignIn, profileCame, sessionEnded, signedIn, signInWith, welcomed } from "./account";
import { connect } from "./connection";
import { knocking, knockRefused, leftRoom, refused, removedFromRoom, roomChanged, settlePending } from "./room";
import { app } from "./state";

export async function boot(): Promise<void> {
  prefs.applyToDocument(app.get().theme, app.get().lang);
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
  connect(url, {
    open: connected,
    unanswered: (rid) => settlePending(rid, false),
    frames: {
      welcome: welcomed,
      room: roomChanged,
      left: leftRoom,
      removed: removedFromRoom,
      knocking,
      knock_refused: knockRefused,
      error: (frame) => {
        if (!accountRefused(frame)) refused(frame);
      },
      signed_in: signedIn,
      profile: profileCame,
      signed_out: sessionEnded,
      account_deleted: sessionEnded,
    },
  });
}
