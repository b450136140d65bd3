// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { TICKETS_CACHE_KEY, TICKETS_CACHE_MS } from '@shared/tickets';
import { makeTicket } from './testing/ticket-fixtures';
import { clearTicketsCache, readTicketsCache, writeTicketsCache } from './tickets-cache';

const NOW = 1_800_000_000_000;

describe('tickets cache (session storage, 2 minutes)', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores {savedAt, userId, tickets} under the shared key', () => {
    const ticket = makeTicket();
    writeTicketsCache('u1', [ticket], NOW);
    expect(JSON.parse(sessionStorage.getItem(TICKETS_CACHE_KEY)!)).toEqual({
      savedAt: NOW,
      userId: 'u1',
      tickets: [ticket],
    });
  });

  it('gives a fresh entry back to its user only', () => {
    const ticket = makeTicket();
    writeTicketsCache('u1', [ticket], NOW);
    expect(readTicketsCache('u1', NOW + TICKETS_CACHE_MS - 1)?.tickets).toEqual([ticket]);
    expect(readTicketsCache('u2', NOW)).toBeUndefined();
  });

  it('ignores an entry of 2 minutes or older, or from the future', () => {
    writeTicketsCache('u1', [makeTicket()], NOW);
    expect(readTicketsCache('u1', NOW + TICKETS_CACHE_MS)).toBeUndefined();
    expect(readTicketsCache('u1', NOW - 1)).toBeUndefined();
  });

  it('ignores broken entries and can be cleared', () => {
    sessionStorage.setItem(TICKETS_CACHE_KEY, '{not json');
    expect(readTicketsCache('u1', NOW)).toBeUndefined();
    sessionStorage.setItem(TICKETS_CACHE_KEY, JSON.stringify({ savedAt: NOW, userId: 'u1', tickets: 'x' }));
    expect(readTicketsCache('u1', NOW)).toBeUndefined();
    writeTicketsCache('u1', [], NOW);
    clearTicketsCache();
    expect(sessionStorage.getItem(TICKETS_CACHE_KEY)).toBeNull();
  });
});
