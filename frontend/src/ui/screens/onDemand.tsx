/**
 * Screens loaded on demand: the landing page carries the home screen only; the room (lobby, table, results), a
 * replay and the profile are chunks of their own, fetched when first needed — a room frame waits for the room's (app/boot.ts).
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";

export interface OnDemand<P> {
  /** Renders the component, or an empty reserved space until its chunk has come. */
  Component: ComponentType<P>;
  /** Fetches the chunk (once; again after a failure). */
  preload(): Promise<unknown>;
  /** Whether the chunk has come. */
  ready(): boolean;
}

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
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
    return Loaded ? <Loaded {...props} /> : <main class="screen screen-loading" aria-busy="true" />;
  }
  return { Component, preload, ready: () => loaded !== null };
}

export const roomScreen = onDemand(() => import("./RoomScreen").then((module) => module.RoomScreen));
export const replayScreen = onDemand(() => import("./ReplayScreen").then((module) => module.ReplayScreen));
export const profileScreen = onDemand(() => import("./ProfileScreen").then((module) => module.ProfileScreen));
