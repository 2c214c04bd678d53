/**
 * `memo` without preact/compat (whose weight the first page would carry): a component that re-renders only when
 * one of its props changed (compared with `===`). A room frame replaces the whole view, so the table re-renders
 * on each; wrapped in this, the parts whose props stayed the same — a card's face, an opponent's row, the log —
 * are skipped (issue 33: render only what changed). Props are meant to be plain values; a callback prop made anew
 * at each render defeats it.
 */
import { Component, h, type ComponentType, type FunctionComponent } from "preact";

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
