import type { SeatUpdate } from '@shared/events';

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A minimal EventSource on GET /api/events/live over a real connection: collects messages, comments and
 * the retry hint; `waitFor` and `nextSeats` wait for what a test expects.
 */
export async function connectSeatStream(url: string) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/events/live`, { signal: abort.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  let ended = false;
  const waiters = new Set<() => void>();
  const pump = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              message.data += line.slice(6);
              hasData = true;
            }
          }
          if (hasData) messages.push(message);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();

  async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (ended) throw new Error(`stream ended while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    res,
    messages,
    comments,
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    /** The next `seats` message after those already seen. */
    nextSeats: (() => {
      let seen = 0;
      return async (what = 'a seats event') => {
        const message = await waitFor(() => {
          const seats = messages.filter((m) => m.event === 'seats');
          return seats.length > seen ? seats[seen] : undefined;
        }, what);
        seen++;
        return JSON.parse(message.data) as SeatUpdate;
      };
    })(),
    waitFor,
    close: async () => {
      abort.abort();
      await pump;
    },
  };
}
