// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdHistoryMoves, installHistoryGuard, type HistoryMove } from './history-guard';

// jsdom's history.go() is asynchronous and fires popstate, as in browsers. The "router" stands in for
// react-router's BrowserRouter: a popstate listener added after the guard, entries written as { idx }.

let routerSaw: string[];
const router = () => routerSaw.push(window.location.pathname);
let uninstall: () => void;

function push(path: string) {
  const idx = (window.history.state as { idx: number }).idx + 1;
  window.history.pushState({ usr: null, key: path, idx }, '', path);
}

/** Waits until the popstates of history.go() calls so far have come (jsdom queues each in two timers). */
async function settled() {
  for (let round = 0; round < 10; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  window.history.replaceState({ usr: null, key: 'start', idx: 0 }, '', '/start');
  uninstall = installHistoryGuard();
  routerSaw = [];
  window.addEventListener('popstate', router);
  push('/a');
  push('/b');
});

afterEach(async () => {
  await settled();
  window.removeEventListener('popstate', router);
  uninstall();
});

describe('history guard', () => {
  it('lets every move through while nothing holds', async () => {
    window.history.back();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/a']));
    window.history.forward();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/a', '/b']));
  });

  it('holds a move from the router, undoes it, and makes it again on proceed()', async () => {
    const moves: HistoryMove[] = [];
    holdHistoryMoves((move) => {
      moves.push(move);
      return true;
    });
    window.history.back();
    await vi.waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]).toMatchObject({ delta: -1, to: '/a' });
    // the undo: back at /b, and neither the router nor the holder saw the move or its undo
    await vi.waitFor(() => expect(window.location.pathname).toBe('/b'));
    await settled();
    expect(routerSaw).toEqual([]);
    expect(moves).toHaveLength(1);

    moves[0]!.proceed();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/a']));
    expect(window.location.pathname).toBe('/a');
    expect(moves).toHaveLength(1);
    // once only
    moves[0]!.proceed();
    await settled();
    expect(window.location.pathname).toBe('/a');
  });

  it('counts the router’s pushes and replaces made while holding, and jumps of several entries', async () => {
    const moves: HistoryMove[] = [];
    holdHistoryMoves((move) => {
      moves.push(move);
      return true;
    });
    push('/c');
    window.history.replaceState({ usr: null, key: 'c2', idx: 3 }, '', '/c2');
    window.history.go(-3);
    await vi.waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]).toMatchObject({ delta: -3, to: '/start' });
    await vi.waitFor(() => expect(window.location.pathname).toBe('/c2'));

    moves[0]!.proceed();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/start']));
    window.history.forward();
    await vi.waitFor(() => expect(moves).toHaveLength(2));
    expect(moves[1]).toMatchObject({ delta: 1, to: '/a' });
    await vi.waitFor(() => expect(window.location.pathname).toBe('/start'));
    expect(routerSaw).toEqual(['/start']);
  });

  it('lets a move through that the holder does not hold, and stops asking once unregistered', async () => {
    const hold = vi.fn((move: HistoryMove) => move.to !== '/a');
    const release = holdHistoryMoves(hold);
    window.history.back();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/a']));
    expect(hold).toHaveBeenCalledTimes(1);
    window.history.back();
    await vi.waitFor(() => expect(hold).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/a'));
    expect(routerSaw).toEqual(['/a']);

    release();
    window.history.back();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/a', '/start']));
    expect(hold).toHaveBeenCalledTimes(2);
  });

  it('keeps the newer holder when an older one unregisters', async () => {
    const older = vi.fn(() => true);
    const newer = vi.fn(() => true);
    const releaseOlder = holdHistoryMoves(older);
    holdHistoryMoves(newer);
    releaseOlder();
    window.history.back();
    await vi.waitFor(() => expect(newer).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/b'));
    expect(older).not.toHaveBeenCalled();
    expect(routerSaw).toEqual([]);
  });

  it('lets through moves to entries the router did not write (no idx)', async () => {
    const hold = vi.fn(() => true);
    window.history.pushState(null, '', '/plain');
    holdHistoryMoves(hold);
    window.history.back();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/b']));
    window.history.forward();
    await vi.waitFor(() => expect(routerSaw).toEqual(['/b', '/plain']));
    expect(hold).not.toHaveBeenCalled();
  });

  it('comes too late for a router that listened before it was installed', async () => {
    // as if main.tsx installed it after the router: the router's listener (added in beforeEach) is first
    uninstall();
    uninstall = installHistoryGuard();
    holdHistoryMoves(() => true);
    window.history.back();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/b'));
    await settled();
    // the router left the page and came back: a form there would have lost its changes
    expect(routerSaw).toEqual(['/a', '/b']);
  });
});
