/**
 * A tiny observable store: one immutable state object, replaced on each change, and a hook that re-renders a
 * component when it changes. Enough for one screen tree; no framework state library needed.
 */
import { useEffect, useState } from "preact/hooks";

export interface Store<S> {
  get(): S;
  set(patch: Partial<S>): void;
  subscribe(listener: (state: S) => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<(state: S) => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current state; the calling component re-renders whenever it changes. */
export function useStore<S extends object>(store: Store<S>): S {
  const [state, setState] = useState(store.get());
  useEffect(() => {
    setState(store.get());
    return store.subscribe(setState);
  }, [store]);
  return state;
}
