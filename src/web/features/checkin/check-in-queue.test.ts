// The door's queue on the device (docs/product/organizer-day.md#offline-check-in).
import { describe, expect, it } from 'vitest';
import type { CheckInOutcome, CheckInRequest, ParticipantList } from '@shared/participants';
import { ApiError } from '@web/lib/api-client';
import {
  applyOutcome,
  countCheckIns,
  dequeueTicket,
  enqueue,
  queueKey,
  readQueue,
  readSnapshot,
  syncQueue,
  toSnapshot,
  withQueue,
  writeSnapshot,
  type DoorTicket,
  type KeyValueStore,
} from './check-in-queue';

const memoryStore = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

const ticket = (id: string, overrides: Partial<DoorTicket> = {}): DoorTicket => ({
  ticketId: id,
  code: id.slice(0, 4),
  ticketNumber: `T-${id.slice(0, 4)}`,
  holderName: `Name ${id}`,
  seats: 1,
  state: 'active',
  checkedInAt: null,
  checkedInBy: null,
  ...overrides,
});

const EVENT = 'ev-1';

describe('queue', () => {
  it('keeps one check-in per ticket, with its time and a device id', () => {
    const store = memoryStore();
    const first = enqueue(store, EVENT, 't1', '2026-11-27T18:00:00.000Z');
    const again = enqueue(store, EVENT, 't1', '2026-11-27T18:05:00.000Z');
    enqueue(store, EVENT, 't2', '2026-11-27T18:01:00.000Z');
    expect(again).toEqual(first);
    expect(first.deviceCheckInId).toMatch(/.{8,}/);
    expect(readQueue(store, EVENT).map((q) => [q.ticketId, q.at])).toEqual([
      ['t1', '2026-11-27T18:00:00.000Z'],
      ['t2', '2026-11-27T18:01:00.000Z'],
    ]);
    // per event
    expect(readQueue(store, 'ev-2')).toEqual([]);
  });

  it('undoes a queued check-in and forgets the key when empty', () => {
    const store = memoryStore();
    enqueue(store, EVENT, 't1', '2026-11-27T18:00:00.000Z');
    expect(dequeueTicket(store, EVENT, 't1')).toBe(true);
    expect(dequeueTicket(store, EVENT, 't1')).toBe(false);
    expect(store.data.has(queueKey(EVENT))).toBe(false);
  });

  it('survives broken storage content', () => {
    const store = memoryStore();
    store.setItem(queueKey(EVENT), '{not json');
    expect(readQueue(store, EVENT)).toEqual([]);
    expect(readQueue(undefined, EVENT)).toEqual([]);
  });
});

describe('the list as the door shows it', () => {
  it('puts queued check-ins on top of the fetched list and counts without cancelled tickets', () => {
    const tickets = [ticket('t1'), ticket('t2'), ticket('t3', { state: 'cancelled' }), ticket('t4')];
    const shown = withQueue(tickets, [
      { ticketId: 't1', at: '2026-11-27T18:00:00.000Z', deviceCheckInId: 'a' },
      { ticketId: 't3', at: '2026-11-27T18:00:00.000Z', deviceCheckInId: 'b' },
    ]);
    expect(shown.map((t) => t.state)).toEqual(['checked-in', 'active', 'cancelled', 'active']);
    expect(shown[0]!.checkedInAt).toBe('2026-11-27T18:00:00.000Z');
    expect(countCheckIns(shown)).toEqual({ checkedIn: 1, total: 3 });
  });

  it('stores the list without e-mail, phone or price, and applies the server’s answers', () => {
    const list = {
      event: {
        id: EVENT,
        title: 'Retreat',
        slug: 'r',
        startTime: '',
        endTime: '',
        timeZone: 'Europe/Berlin',
      },
      participants: [{ ...ticket('t1'), email: 'a@b.de', phone: '0170', priceCents: 100, buyerName: 'B' }],
    } as unknown as ParticipantList;
    const store = memoryStore();
    const snapshot = toSnapshot(list, 42);
    writeSnapshot(store, EVENT, snapshot);
    expect(JSON.stringify(readSnapshot(store, EVENT))).not.toMatch(/a@b\.de|0170|priceCents/);
    const outcome = {
      result: 'checked-in',
      participant: { ...ticket('t1'), state: 'checked-in', checkedInAt: 'x', checkedInBy: 'Ada' },
    } as CheckInOutcome;
    expect(applyOutcome(snapshot, outcome).tickets[0]).toMatchObject({
      state: 'checked-in',
      checkedInBy: 'Ada',
    });
    expect(applyOutcome(snapshot, { result: 'unknown' })).toBe(snapshot);
  });
});

describe('syncQueue', () => {
  const queued = (store: KeyValueStore) => {
    enqueue(store, EVENT, 't1', '2026-11-27T18:00:00.000Z', 'd1');
    enqueue(store, EVENT, 't2', '2026-11-27T18:01:00.000Z', 'd2');
    enqueue(store, EVENT, 't3', '2026-11-27T18:02:00.000Z', 'd3');
  };

  it('sends each check-in with its time and device id, and counts conflicts', async () => {
    const store = memoryStore();
    queued(store);
    const sent: CheckInRequest[] = [];
    const result = await syncQueue(store, EVENT, async (request) => {
      sent.push(request);
      const participant = ticket(request.ticketId!, { state: 'checked-in', checkedInAt: request.at! });
      return (
        request.ticketId === 't2'
          ? { result: 'already', participant: { ...participant, checkedInBy: 'Bea' } }
          : { result: 'checked-in', participant }
      ) as CheckInOutcome;
    });
    expect(sent).toEqual([
      { ticketId: 't1', at: '2026-11-27T18:00:00.000Z', deviceCheckInId: 'd1' },
      { ticketId: 't2', at: '2026-11-27T18:01:00.000Z', deviceCheckInId: 'd2' },
      { ticketId: 't3', at: '2026-11-27T18:02:00.000Z', deviceCheckInId: 'd3' },
    ]);
    expect(result).toMatchObject({ sent: 3, conflicts: 1, left: 0, error: null });
    expect(result.outcomes).toHaveLength(3);
    expect(readQueue(store, EVENT)).toEqual([]);
  });

  it('stops at a network error and keeps the rest for the next try', async () => {
    const store = memoryStore();
    queued(store);
    let calls = 0;
    const result = await syncQueue(store, EVENT, async (request) => {
      calls += 1;
      if (request.ticketId === 't2') throw new ApiError(0, 'network', 'offline');
      return { result: 'checked-in', participant: ticket(request.ticketId!) } as CheckInOutcome;
    });
    expect(calls).toBe(2);
    expect(result).toMatchObject({ sent: 1, left: 2 });
    expect(readQueue(store, EVENT).map((q) => q.ticketId)).toEqual(['t2', 't3']);
  });

  it('keeps the queue when access is refused (403), drops a request the server can never take (422)', async () => {
    const store = memoryStore();
    queued(store);
    const refused = await syncQueue(store, EVENT, async () => {
      throw new ApiError(403, 'forbidden', 'Kein Zugriff');
    });
    expect(refused.left).toBe(3);
    const sent: CheckInRequest[] = [];
    const invalid = await syncQueue(store, EVENT, async (request) => {
      sent.push(request);
      if (request.ticketId === 't1') throw new ApiError(422, 'validation_failed', 'ungültig');
      return { result: 'unknown' };
    });
    expect(invalid).toMatchObject({ sent: 3, left: 0, conflicts: 0 });
    // the time refused (a device clock too far ahead): sent once more without it
    expect(sent.slice(0, 2)).toEqual([
      { ticketId: 't1', at: '2026-11-27T18:00:00.000Z', deviceCheckInId: 'd1' },
      { ticketId: 't1', deviceCheckInId: 'd1' },
    ]);
  });

  // docs/product/organizer-day.md#check-in-current-number: a ticket transferred meanwhile is not checked in
  it('sends the ticket number the list had, also when it sends again without the refused time', async () => {
    const store = memoryStore();
    enqueue(store, EVENT, 't1', '2026-11-27T18:00:00.000Z', 'd1', 'WR-261127-00AA11BB22-0001');
    const sent: CheckInRequest[] = [];
    const result = await syncQueue(store, EVENT, async (request) => {
      sent.push(request);
      if (request.at) throw new ApiError(422, 'validation_failed', 'außerhalb der Zeit des Events');
      return { result: 'unknown' };
    });
    expect(sent).toEqual([
      {
        ticketId: 't1',
        at: '2026-11-27T18:00:00.000Z',
        deviceCheckInId: 'd1',
        ticketNumber: 'WR-261127-00AA11BB22-0001',
      },
      { ticketId: 't1', deviceCheckInId: 'd1', ticketNumber: 'WR-261127-00AA11BB22-0001' },
    ]);
    expect(result).toMatchObject({ sent: 1, left: 0, conflicts: 0 });
  });

  it('keeps a check-in queued while the round was under way', async () => {
    const store = memoryStore();
    enqueue(store, EVENT, 't1', '2026-11-27T18:00:00.000Z', 'd1');
    const result = await syncQueue(store, EVENT, async (request) => {
      enqueue(store, EVENT, 't9', '2026-11-27T18:03:00.000Z', 'd9');
      return { result: 'checked-in', participant: ticket(request.ticketId!) } as CheckInOutcome;
    });
    expect(result.left).toBe(1);
    expect(readQueue(store, EVENT).map((q) => q.deviceCheckInId)).toEqual(['d9']);
  });
});
