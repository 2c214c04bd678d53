/**
 * The site's controller: the app state, what the buttons do, and what each server frame changes. Screens read the
 * state through `useStore(app)` and call the actions below; nothing else talks to the server.
 *
 *     state.ts       the store (`AppState`) and the notice
 *     connection.ts  the socket, requests, the busy flag, the dispatch of the frames
 *     room.ts        room actions, moves and pending moves, the quick solo start, the room frames
 *     account.ts     the identity, hello, sign-in and -out, the profile, and their frames
 *     settings.ts    language, theme, sound, the hand's order, the coach's tips, the card counter
 *     backStack.ts   the browser's Back between the site's screens (the History API)
 *     boot.ts        the configuration, and the connection wired to room.ts and account.ts
 *     fairDeal.ts    the deal's commitment, checked when the game ends
 *     replay.ts      replays of the room's finished games, and their links
 */
export {
  closeProfile, deleteAccount, openProfile, profileView, rename, replayRecent, setAvatar, setStartName, signOut,
  startAsGuest, startSolo,
} from "./account";
export { boot } from "./boot";
export { onFrame } from "./connection";
export { dealVerified, firstCommitment } from "./fairDeal";
export {
  askToLeave, createRoom, endGame, joinLink, joinRoom, leaveGame, leaveRoom, move, nextGame, playSolo, roomAction, roomNote,
  stayPut,
} from "./room";
export { closeReplay, openReplay, replayView, setSpeed, shareLink, showSeat, stepReplay, togglePlay } from "./replay";
export { coachOn, setCoach, setCounter, setLang, setSortHand, setSound, setTheme } from "./settings";
export { app, dismissNotice, type AppState, type Notice } from "./state";
