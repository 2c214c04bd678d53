/**
 * After a game: its ranking (the game's own `Ranking`), how many cards it took, the room's past games (each one
 * replayed in a tap), and the host's もう一回 / ロビーに戻る — after a solo game (one person and CPUs) also the other
 * games that fit the seats, each one tap away (no lobby to scroll).
 */
import { useEffect } from "preact/hooks";
import { app, nextGame, roomAction } from "../../app";
import { gameName, prefetchGames, useGame } from "../../games";
import { t } from "../../i18n";
import type { RoomFrame } from "../../net/protocol";
import { useStore } from "../../store";
import { DealCheck } from "../parts/DealCheck";
import { cardsOf, History } from "../parts/History";
import { RoomPeople } from "../parts/RoomPeople";
import { standinNote } from "../logic/roomUpkeep";

export function Results({ room }: { room: RoomFrame }) {
  const { busy } = useStore(app);
  const game = room.game!;
  const Ranking = useGame(game.id)?.Ranking;
  const thisGame = room.history.find((entry) => entry.number === game.number);
  const standin = standinNote(room);
  return (
    <section class="card-panel results" aria-labelledby="results-title">
      <h2 id="results-title">{t("results.title", { n: game.number })}</h2>
      {thisGame && <p class="muted results-cards">{t("results.cards", { cards: cardsOf(thisGame) })}</p>}
      {Ranking && <Ranking room={room} />}
      {standin && <p class="standin-note">{standin}</p>}
      <DealCheck room={room} />
      {room.you.host ? (
        <div class="button-row">
          <button class="button primary big" disabled={!!busy} onClick={() => roomAction("rematch")}>{t("results.rematch")}</button>
          <button class="button" disabled={!!busy} onClick={() => roomAction("to_lobby")}>{t("results.to_lobby")}</button>
        </div>
      ) : (
        <p class="muted">{t("results.waiting_host")}</p>
      )}
      {room.you.host && isSolo(room) && <NextGames room={room} busy={!!busy} />}
      <h3>{t("results.history")}</h3>
      <History room={room} />
      <RoomPeople room={room} />
    </section>
  );
}

/** One person and CPUs: the room is this player's alone. */
export const isSolo = (room: RoomFrame): boolean => room.members.every((m) => m.cpu || m.member === room.you.member);

/** The other games the seats fit, each dealt in one tap (`rematch` with its `game`). */
function NextGames({ room, busy }: { room: RoomFrame; busy: boolean }) {
  const others = room.lobby.games.filter((game) => game.fits && game.id !== room.game?.id).map((game) => game.id);
  useEffect(() => prefetchGames(others), [others.join()]);
  if (!others.length) return null;
  return (
    <div class="next-games" role="group" aria-labelledby="next-games-title">
      <span id="next-games-title" class="muted">{t("control.next_game")}</span>
      <div class="button-row">
        {others.map((id) => (
          <button class="button next-game" disabled={busy} aria-label={t("lobby.start_game", { game: gameName(id) })}
            onClick={() => nextGame(id)}>
            <span class={`game-icon ${id}`} aria-hidden="true" />
            {gameName(id)}
          </button>
        ))}
      </div>
    </div>
  );
}
