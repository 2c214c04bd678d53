/**
 * What handling a room's changes needs beyond the home screen — the log's sentences and the table's motion — as a
 * chunk of its own, loaded with the first room frame (room.ts `roomReady`): the landing page does without it.
 */
export { entriesOf } from "../ui/logic/logEntries";
export { launch, runEffects } from "../ui/logic/motion";
