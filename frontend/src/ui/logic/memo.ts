/**
 * `memo` without preact/compat (whose weight the first page would carry): a component that re-renders only when
 * one of its props changed (compared with `===`). A room frame replaces the whole view, so the table re-renders
 * on each; wrapped in this, the parts whose props stayed the same — a card's face, an opponent's row, the log —
 * are skipped (issue 33: render only what changed). Props are meant to be plain values; a callback prop made anew
 * at each render defeats it: `useStable` makes one that stays the same.
 */
import { Component, h, type ComponentType, type FunctionComponent } from "preact";
import { useCallback, useRef } from "preact/hooks";

/** Whether a memoised part would be skipped: the same keys, each value `===`. */
export function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export function memo<P extends object>(render: FunctionComponent<P>): ComponentType<P> {
  class Memo extends Component<P> {
    shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props as Record<string, unknown>, next as Record<string, unknown>);
    }
    render(props: P) {
      return h(render, props);
    }
  }
  (Memo as { displayName?: string }).displayName = `memo(${render.name})`;
  return Memo;
}

/** A function that stays the same from render to render and calls the latest `fn`: a callback prop for a memoised
 * part (a hand's card) that does not make it redraw. */
export function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
