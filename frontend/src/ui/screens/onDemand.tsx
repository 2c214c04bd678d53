/**
 * Screens loaded on demand: the landing page carries the home screen only; the room's frame, its lobby, its
 * results, a replay, the profile and the stamps' sheet are chunks of their own, fetched when first needed — a room
 * frame waits for those of its phase (app/boot.ts).
 */
import type { ComponentType, VNode } from "preact";
import { useEffect, useState } from "preact/hooks";

export interface OnDemand<P> {
  /** Renders the component, or an empty reserved space until its chunk has come. */
  Component: ComponentType<P>;
  /** Fetches the chunk (once; again after a failure). */
  preload(): Promise<unknown>;
  /** Whether the chunk has come. */
  ready(): boolean;
}

/** A screen's place while its chunk comes: empty, the screen's size. */
const loadingScreen = () => <main class="screen screen-loading" aria-busy="true" />;

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: () => VNode | null = loadingScreen,
): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  const preload = (): Promise<unknown> =>
    (loading ??= load().then(
      (component) => void (loaded = component),
      () => void (loading = null),
    ));
  function Component(props: P) {
    const [, redraw] = useState(0);
    useEffect(() => {
      if (!loaded) void preload().then(() => redraw((n) => n + 1));
    }, []);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : placeholder();
  }
  return { Component, preload, ready: () => loaded !== null };
}

export const roomScreen = onDemand(() => import("./RoomScreen").then((module) => module.RoomScreen));
/** The lobby and the results, chunks of their own: a table dealt at once (the quick solo start) needs neither
 * until its game ends, so a game costs the room's frame and its table only. */
export const lobbyScreen = onDemand(() => import("./Lobby").then((module) => module.Lobby));
export const resultsPanel = onDemand(() => import("./Results").then((module) => module.Results), () => null);
/** The room's people over the table (⚙, during a game): fetched when first opened. */
export const peopleSheet = onDemand(() => import("../parts/RoomPeople").then((module) => module.PeopleSheet), () => null);
export const replayScreen = onDemand(() => import("./ReplayScreen").then((module) => module.ReplayScreen));
export const profileScreen = onDemand(() => import("./ProfileScreen").then((module) => module.ProfileScreen));
/** Mounted with a room (closed, it draws nothing), so the sheet is there before its button is tapped. */
export const stampSheet = onDemand(() => import("../parts/Stamps").then((module) => module.StampSheet), () => null);
