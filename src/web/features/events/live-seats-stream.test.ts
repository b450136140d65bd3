import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '@shared/events';
import { applySeatUpdate, applySeatUpdates } from './live-seats-stream';
import { queryKeys } from '@web/lib/query-keys';

const event = (id: string, availableSeats: number) => ({ id, availableSeats, totalSeats: 24 }) as PublicEvent;

describe('applySeatUpdate', () => {
  it('writes the seats into every list and the matching detail, nothing else', () => {
    const client = new QueryClient();
    const publicList = [event('a', 5), event('b', 7)];
    client.setQueryData(queryKeys.events.list('public'), publicList);
    client.setQueryData(queryKeys.events.list('admin'), [event('a', 5)]);
    client.setQueryData(queryKeys.events.detail('slug-a'), event('a', 5));
    client.setQueryData(queryKeys.events.detail('slug-b'), event('b', 7));
    const summary = { id: 'a', title: 'x' };
    client.setQueryData(['events', 'slug-a', 'summary'], summary);

    applySeatUpdate(client, { eventId: 'a', availableSeats: 1, totalSeats: 30 });

    const updated = client.getQueryData<PublicEvent[]>(['events', 'list', 'public'])!;
    expect(updated.map((e) => [e.id, e.availableSeats, e.totalSeats])).toEqual([
      ['a', 1, 30],
      ['b', 7, 24],
    ]);
    expect(updated[1]).toBe(publicList[1]); // untouched events keep their identity
    expect(client.getQueryData<PublicEvent[]>(['events', 'list', 'admin'])![0]!.availableSeats).toBe(1);
    expect(client.getQueryData<PublicEvent>(['events', 'detail', 'slug-a'])!.availableSeats).toBe(1);
    expect(client.getQueryData<PublicEvent>(['events', 'detail', 'slug-b'])!.availableSeats).toBe(7);
    expect(client.getQueryData(['events', 'slug-a', 'summary'])).toBe(summary);
  });

  it('leaves a list without the event as it is', () => {
    const client = new QueryClient();
    const list = [event('b', 7)];
    client.setQueryData(queryKeys.events.list('public'), list);
    applySeatUpdate(client, { eventId: 'a', availableSeats: 1, totalSeats: 24 });
    expect(client.getQueryData(['events', 'list', 'public'])).toBe(list);
  });

  it('leaves lists and details whose counts are current untouched', () => {
    const client = new QueryClient();
    const list = [event('a', 5), event('b', 7)];
    client.setQueryData(queryKeys.events.list('public'), list);
    client.setQueryData(queryKeys.events.detail('slug-a'), list[0]);
    const listUpdated = client.getQueryState(queryKeys.events.list('public'))!.dataUpdatedAt;
    applySeatUpdate(client, { eventId: 'a', availableSeats: 5, totalSeats: 24 });
    expect(client.getQueryData(queryKeys.events.list('public'))).toBe(list);
    expect(client.getQueryData(queryKeys.events.detail('slug-a'))).toBe(list[0]);
    expect(client.getQueryState(queryKeys.events.list('public'))!.dataUpdatedAt).toBe(listUpdated);
  });
});

describe('applySeatUpdates (the counts a connection starts with)', () => {
  it('writes each changed event once into the lists and details', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.events.list('public'), [event('a', 5), event('b', 7), event('c', 1)]);
    client.setQueryData(queryKeys.events.detail('slug-b'), event('b', 7));
    applySeatUpdates(client, [
      { eventId: 'a', availableSeats: 5, totalSeats: 24 },
      { eventId: 'b', availableSeats: 0, totalSeats: 24 },
      { eventId: 'c', availableSeats: 2, totalSeats: 24 },
      { eventId: 'gone', availableSeats: 9, totalSeats: 9 },
    ]);
    const list = client.getQueryData<PublicEvent[]>(queryKeys.events.list('public'))!;
    expect(list.map((e) => [e.id, e.availableSeats])).toEqual([
      ['a', 5],
      ['b', 0],
      ['c', 2],
    ]);
    expect(client.getQueryData<PublicEvent>(queryKeys.events.detail('slug-b'))!.availableSeats).toBe(0);
  });
});
