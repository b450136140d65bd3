/**
 * Holds the browser's back and forward buttons for a page that must ask first (the event form's unsaved
 * changes, docs/decisions/025-back-office-layout.md).
 *
 * A declarative `<BrowserRouter>` has no `useBlocker`, and its `popstate` listener is added when it first
 * renders. Listeners on `window` run in the order they were added (Chromium ignores `capture` there), so a
 * page's own listener would always come after the router's. `installHistoryGuard()` therefore runs in
 * `main.tsx` before anything renders; a page registers with `holdHistoryMoves()` when it needs to.
 *
 * A held move has already happened in the browser when `popstate` fires: the guard keeps it from the
 * router (`stopImmediatePropagation`) and undoes it with `history.go(-delta)`, whose own `popstate` it
 * swallows as well. `proceed()` makes the move again and lets it through, so the router sees one move.
 */

/** A back or forward move the holder is asked about. */
export interface HistoryMove {
  /** Entries moved: -1 back, 1 forward, more for a jump from the browser's history menu. */
  delta: number;
  /** Where the move leads (path, search, hash); `window.location` is already there while asked. */
  to: string;
  /** Makes the held move again, this time through to the router; once, and only from where it was held. */
  proceed(): void;
}

/** Returns true to hold the move (the page asks and may `proceed()` later); anything else lets it pass. */
export type HistoryMoveHolder = (move: HistoryMove) => boolean | void;

/** The popstate of the guard's own `history.go()`: swallowed (an undo) or let through (a proceed). */
type OwnMove = 'swallow' | 'pass';

let uninstall: (() => void) | null = null;
let holder: HistoryMoveHolder | null = null;
/** react-router's `idx` of the entry the router shows (null: an entry it did not write). */
let currentIdx: number | null = null;
const ownMoves: OwnMove[] = [];

/** The `idx` BrowserRouter keeps in each entry's state (`{ usr, key, idx }`). */
function stateIdx(): number | null {
  const state: unknown = window.history.state;
  const idx = state !== null && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : null;
}

function onPopState(event: PopStateEvent) {
  const own = ownMoves.shift();
  if (own === 'swallow') {
    event.stopImmediatePropagation();
    return;
  }
  const idx = stateIdx();
  const from = currentIdx;
  const delta = idx !== null && from !== null ? idx - from : 0;
  if (own !== 'pass' && holder && delta !== 0) {
    let proceeded = false;
    const proceed = () => {
      if (proceeded || currentIdx !== from) return;
      proceeded = true;
      ownMoves.push('pass');
      window.history.go(delta);
    };
    const { pathname, search, hash } = window.location;
    if (holder({ delta, to: pathname + search + hash, proceed }) === true) {
      event.stopImmediatePropagation();
      ownMoves.push('swallow');
      window.history.go(-delta);
      return;
    }
  }
  currentIdx = idx;
}

/**
 * Adds the guard's `popstate` listener; call before the router renders (`main.tsx`). Also follows the
 * router's `pushState` / `replaceState`, which change the current `idx` without a `popstate`. Installing
 * twice keeps the first; returns the way to remove it (tests).
 */
export function installHistoryGuard(): () => void {
  if (uninstall) return uninstall;
  const { history } = window;
  const pushOwn = Object.getOwnPropertyDescriptor(history, 'pushState');
  const replaceOwn = Object.getOwnPropertyDescriptor(history, 'replaceState');
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    push(...args);
    currentIdx = stateIdx();
  };
  history.replaceState = (...args: Parameters<History['replaceState']>) => {
    replace(...args);
    currentIdx = stateIdx();
  };
  currentIdx = stateIdx();
  window.addEventListener('popstate', onPopState);
  const remove = () => {
    window.removeEventListener('popstate', onPopState);
    for (const [name, own] of [
      ['pushState', pushOwn],
      ['replaceState', replaceOwn],
    ] as const) {
      if (own) Object.defineProperty(history, name, own);
      else Reflect.deleteProperty(history, name);
    }
    holder = null;
    ownMoves.length = 0;
    uninstall = null;
  };
  uninstall = remove;
  return remove;
}

/**
 * Asks `hold` about every back or forward move within the app until the returned function is called. One
 * holder at a time: a new one replaces the last. Needs `installHistoryGuard()`; without it nothing is held.
 */
export function holdHistoryMoves(hold: HistoryMoveHolder): () => void {
  holder = hold;
  if (ownMoves.length === 0) currentIdx = stateIdx();
  return () => {
    if (holder === hold) holder = null;
  };
}
