/** The replay's words in English (the reference), Japanese and Korean: a catalogue of the room's chunk, not the
 * landing page's. */
import { translator } from "../../i18n";

const en = {
  open: "Replay",
  open_label: "Watch game {n} again",
  title: "Replay · game {n}",
  close: "Close the replay",
  play: "Play",
  pause: "Pause",
  back: "Step back",
  forward: "Step forward",
  speed: "Speed",
  scrubber: "Step",
  position: "Step {n} of {total}",
  seat: "Whose view",
  spectator: "Spectator",
  deal: "The cards are dealt",
  end: "The end: pick whose hand to see",
  loading: "Loading…",
  share: "Share link",
  copied: "Link copied",
  share_text: "Game {n} of Deckroom room {code}, move by move",
  "refused.not_in_room": "Only the members of room {code} can watch its games. Join the room first, then open the link again.",
  "refused.no_replay": "This game's record is no longer kept (a record is kept for 24 hours after its game).",
  "refused.other": "The replay cannot be shown.",
} as const;

type Keys = keyof typeof en;

const ja: Record<Keys, string> = {
  open: "リプレイ",
  open_label: "ゲーム {n} をリプレイで見る",
  title: "リプレイ · ゲーム {n}",
  close: "リプレイを閉じる",
  play: "再生",
  pause: "一時停止",
  back: "1 手戻る",
  forward: "1 手進む",
  speed: "速さ",
  scrubber: "手順",
  position: "{total} 手中 {n} 手目",
  seat: "誰の視点",
  spectator: "観戦者",
  deal: "札が配られました",
  end: "終了。見たい人の手札を選べます",
  loading: "読み込み中…",
  share: "リンクを共有",
  copied: "リンクをコピーしました",
  share_text: "Deckroom ルーム {code} のゲーム {n} を 1 手ずつ",
  "refused.not_in_room": "ルーム {code} のゲームはそのルームのメンバーだけが見られます。先にルームに入ってから、もう一度リンクを開いてください。",
  "refused.no_replay": "このゲームの記録はもう残っていません（記録はゲーム終了から 24 時間残ります）。",
  "refused.other": "リプレイを表示できません。",
};

const ko: Record<Keys, string> = {
  open: "리플레이",
  open_label: "게임 {n}을(를) 다시 보기",
  title: "리플레이 · 게임 {n}",
  close: "리플레이 닫기",
  play: "재생",
  pause: "일시 정지",
  back: "한 수 뒤로",
  forward: "한 수 앞으로",
  speed: "속도",
  scrubber: "수순",
  position: "{total}수 중 {n}수째",
  seat: "누구의 시점",
  spectator: "관전자",
  deal: "카드를 나눠 주었습니다",
  end: "끝. 보고 싶은 사람의 패를 고르세요",
  loading: "불러오는 중…",
  share: "링크 공유",
  copied: "링크를 복사했습니다",
  share_text: "Deckroom 방 {code}의 게임 {n}, 한 수씩",
  "refused.not_in_room": "방 {code}의 게임은 그 방의 멤버만 볼 수 있습니다. 먼저 방에 들어간 뒤 링크를 다시 여세요.",
  "refused.no_replay": "이 게임의 기록은 더 이상 남아 있지 않습니다(기록은 게임이 끝나고 24시간 동안 남습니다).",
  "refused.other": "리플레이를 표시할 수 없습니다.",
};

export const tw = translator<Keys>({ en, ja, ko });
