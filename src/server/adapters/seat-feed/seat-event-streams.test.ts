import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeatUpdate } from '@shared/events';
import { createLogger } from '../../logger';
import type { ChangeListener } from './change-listener';
import { SeatFeed } from './seat-feed';
import { clientKey, SeatEventStreams, type SeatEventStreamsOptions } from './seat-event-streams';

// The live-seat streams of one instance (decision 062), against a feed whose notifications the test sends.

async function startedFeed() {
  let handlers: Parameters<ChangeListener['start']>[0] | undefined;
  const feed = new SeatFeed(
    {
      start: async (given) => {
        handlers = given;
        given.state(true);
      },
      stop: async () => undefined,
    },
    createLogger('silent'),
  );
  await feed.start();
  const notify = (message: object) => handlers!.payload(JSON.stringify(message));
  return { feed, notify, setListening: (listening: boolean) => handlers!.state(listening) };
}

function opened(streams: SeatEventStreams, address: string, includeHidden = false) {
  const result = streams.open(address, { includeHidden });
  if (!('body' in result)) throw new Error(`refused: ${result.refused}`);
  return result.body.getReader();
}

const decoder = new TextDecoder();
const read = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
  const { value, done } = await reader.read();
  return { bytes: value, text: done ? undefined : decoder.decode(value), done };
};

const seats = (eventId: string, availableSeats: number, visible = true) => ({
  kind: 'seats',
  eventId,
  availableSeats,
  totalSeats: 20,
  visible,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SeatEventStreams', () => {
  it('opens with a retry hint spread over ±50 % of retryMs', async () => {
    const { feed } = await startedFeed();
    const low = new SeatEventStreams(feed, { retryMs: 3000, random: () => 0 });
    const high = new SeatEventStreams(feed, { retryMs: 3000, random: () => 0.999 });
    expect((await read(opened(low, '198.51.100.1'))).text).toBe('retry: 1500\n: verbunden\n\n');
    expect((await read(opened(high, '198.51.100.1'))).text).toBe('retry: 4497\n: verbunden\n\n');
  });

  it('serialises a change once and writes the same bytes to every stream; drafts only to admins', async () => {
    const { feed, notify } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    const first = opened(streams, '198.51.100.1');
    const second = opened(streams, '198.51.100.2');
    const admin = opened(streams, '198.51.100.3', true);
    for (const reader of [first, second, admin]) await read(reader); // retry hints

    notify(seats('draft-1', 5, false));
    notify(seats('event-1', 17));
    const a = await read(first);
    const b = await read(second);
    expect(a.text).toBe('event: seats\ndata: {"eventId":"event-1","availableSeats":17,"totalSeats":20}\n\n');
    expect(b.bytes).toBe(a.bytes); // the very same buffer, not a copy per stream
    expect((await read(admin)).text).toContain('"eventId":"draft-1"');
    expect((await read(admin)).bytes).toBe(a.bytes);
  });

  it('starts with the counts now, and holds back what the feed tells while they are read', async () => {
    const { feed, notify } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    let answer!: (updates: SeatUpdate[]) => void;
    const counts = vi.fn(() => new Promise<SeatUpdate[]>((resolve) => (answer = resolve)));
    const result = streams.open('198.51.100.1', { includeHidden: false, counts });
    if (!('body' in result)) throw new Error(`refused: ${result.refused}`);
    const reader = result.body.getReader();
    expect((await read(reader)).text).toContain('retry:');
    // the read began after the stream watched the feed: a change the read may not have seen still comes
    expect(counts).toHaveBeenCalledTimes(1);
    expect(feed.watcherCount).toBe(1);

    notify(seats('event-1', 3)); // committed after the counts were read
    answer([{ eventId: 'event-1', availableSeats: 4, totalSeats: 20 }]);
    expect((await read(reader)).text).toBe(
      'event: counts\ndata: [{"eventId":"event-1","availableSeats":4,"totalSeats":20}]\n\n',
    );
    // the newer count comes after the older one, so the page ends on 3, not 4
    expect((await read(reader)).text).toContain('"availableSeats":3');
    notify(seats('event-1', 2));
    expect((await read(reader)).text).toContain('"availableSeats":2');
  });

  it('serialises one counts array once for all the streams that start with it', async () => {
    const { feed } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    const counts: SeatUpdate[] = [{ eventId: 'event-1', availableSeats: 4, totalSeats: 20 }];
    const readers = ['198.51.100.1', '198.51.100.2'].map((ip) => {
      const result = streams.open(ip, { includeHidden: false, counts: async () => counts });
      if (!('body' in result)) throw new Error(`refused: ${result.refused}`);
      return result.body.getReader();
    });
    for (const reader of readers) await read(reader); // retry hints
    const [first, second] = await Promise.all(readers.map(read));
    expect(first!.text).toContain('event: counts');
    expect(second!.bytes).toBe(first!.bytes);
  });

  it('goes on without the counts when they cannot be read', async () => {
    const { feed, notify } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    let fail!: (error: Error) => void;
    const counts = () => new Promise<SeatUpdate[]>((_, reject) => (fail = reject));
    const result = streams.open('198.51.100.1', { includeHidden: false, counts });
    if (!('body' in result)) throw new Error(`refused: ${result.refused}`);
    const reader = result.body.getReader();
    await read(reader);
    notify(seats('event-1', 3));
    fail(new Error('database unreachable'));
    expect((await read(reader)).text).toContain(
      'event: seats\ndata: {"eventId":"event-1","availableSeats":3',
    );
  });

  it('watches the feed once for all streams and lets go when the last one closes', async () => {
    const { feed } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    const readers = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => opened(streams, ip));
    expect(feed.watcherCount).toBe(1);
    expect(streams.size).toBe(3);
    for (const reader of readers) await reader.cancel();
    expect(streams.size).toBe(0);
    expect(feed.watcherCount).toBe(0);
  });

  it('beats for all streams with one timer', async () => {
    vi.useFakeTimers();
    const { feed } = await startedFeed();
    const streams = new SeatEventStreams(feed, { heartbeatMs: 1000 });
    const readers = ['198.51.100.1', '198.51.100.2'].map((ip) => opened(streams, ip));
    for (const reader of readers) await read(reader);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1000);
    for (const reader of readers) expect((await read(reader)).text).toBe(': ping\n\n');
    for (const reader of readers) await reader.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells every stream to resync after a gap in listening', async () => {
    const { feed, setListening } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    const reader = opened(streams, '198.51.100.1');
    await read(reader);
    setListening(false);
    expect((await read(reader)).text).toBe('event: resync\ndata: {}\n\n');
  });

  it('refuses a client beyond its streams, and takes it again once one of them closed', async () => {
    const { feed } = await startedFeed();
    const streams = new SeatEventStreams(feed, { perClient: 2 });
    const first = opened(streams, '198.51.100.1');
    opened(streams, '198.51.100.1');
    expect(streams.open('198.51.100.1', { includeHidden: false })).toEqual({ refused: 'client' });
    expect('body' in streams.open('198.51.100.2', { includeHidden: false })).toBe(true);
    await first.cancel();
    expect('body' in streams.open('198.51.100.1', { includeHidden: false })).toBe(true);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { feed } = await startedFeed();
    const streams = new SeatEventStreams(feed, { perClient: 2 });
    opened(streams, '2001:db8:1:2::1');
    opened(streams, '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(streams.open('2001:db8:1:2::abcd', { includeHidden: false })).toEqual({ refused: 'client' });
    expect('body' in streams.open('2001:db8:1:3::1', { includeHidden: false })).toBe(true);
  });

  it('refuses any client once the instance holds `total` streams', async () => {
    const { feed } = await startedFeed();
    const options: SeatEventStreamsOptions = { total: 2 };
    const streams = new SeatEventStreams(feed, options);
    const first = opened(streams, '198.51.100.1');
    opened(streams, '198.51.100.2');
    expect(streams.open('198.51.100.3', { includeHidden: false })).toEqual({ refused: 'total' });
    await first.cancel();
    expect('body' in streams.open('198.51.100.3', { includeHidden: false })).toBe(true);
  });

  it('ends a stream whose client stops reading, and frees its place', async () => {
    const { feed, notify } = await startedFeed();
    const streams = new SeatEventStreams(feed, { perClient: 1 });
    const stalled = opened(streams, '198.51.100.1'); // never read
    for (let n = 0; n < 600; n++) notify(seats('event-1', n));
    expect(streams.size).toBe(0);
    let chunks = 0;
    while (!(await read(stalled)).done) chunks++;
    expect(chunks).toBeGreaterThan(500); // what was queued before the end is still delivered
    expect('body' in streams.open('198.51.100.1', { includeHidden: false })).toBe(true);
  });

  it('ends every stream when the feed stops, and at once a stream opened afterwards', async () => {
    const { feed } = await startedFeed();
    const streams = new SeatEventStreams(feed);
    const reader = opened(streams, '198.51.100.1');
    await read(reader);
    await feed.stop();
    expect((await read(reader)).done).toBe(true);
    const late = opened(streams, '198.51.100.1');
    expect((await read(late)).text).toContain('retry:');
    expect((await read(late)).done).toBe(true);
    expect(streams.size).toBe(0);
    expect(feed.watcherCount).toBe(0);
  });
});

describe('clientKey', () => {
  it('keeps an IPv4 address and cuts an IPv6 one to its /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:DB8:0:0001:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
