import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n";
import type { RoomEvent, RoomFrame } from "../../net/protocol";
import { member, roomFrame } from "../../testing/fixtures";
import { arrivals, describe as lines, entriesOf } from "./logEntries";

beforeEach(() => setLanguage("ja"));

const connected: RoomEvent = { code: "member_connected", member: "m2" };
const before = roomFrame({ members: [member("m1", "ゆうき", { host: true }), member("m2", "はなこ")] });
const after = (name: string, events: RoomEvent[] = [connected]) =>
  roomFrame({ version: 11, events, members: [member("m1", "ゆうき", { host: true }), member("m2", name)] });
/** The log lines of `frame`, which came after `previous` (none: the first frame this phone has of the room). */
const told = (frame: RoomFrame, previous: RoomFrame | undefined) => entriesOf(frame, [], previous).flatMap(lines);

describe("a member's seat bound again while they are connected (a sign-in, a rename)", () => {
  it("is not told as someone coming back", () => {
    expect(arrivals(after("はなこ"), before)).toEqual([]);
    expect(told(after("はなこ"), before)).toEqual([]);
  });

  it("is told as a new name when the name changed", () => {
    expect(told(after("はな"), before)).toEqual(["はなこが名前をはなに変えました"]);
  });

  it("leaves a member who really comes back as they were", () => {
    const away = roomFrame({ members: [member("m1", "ゆうき", { host: true }), member("m2", "はなこ", { connected: false })] });
    expect(told(after("はなこ"), away)).toEqual(["はなこが戻りました"]);
    const dropped: RoomEvent = { code: "member_disconnected", member: "m2" };
    expect(told(after("はなこ", [dropped, connected]), before)).toEqual(["はなこの接続が切れました", "はなこが戻りました"]);
  });

  it("is told as before without an earlier frame to compare with (a reload)", () => {
    expect(told(after("はなこ"), undefined)).toEqual(["はなこが戻りました"]);
  });
});
