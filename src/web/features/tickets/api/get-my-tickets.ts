import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTicket } from '@shared/tickets';
import { apiFetch } from '@web/lib/api-client';
import { readTicketsCache, writeTicketsCache } from '../tickets-cache';

/** Every ticket query starts with this key; cancel and delete invalidate it. */
export const MY_TICKETS_KEY = ['tickets', 'mine'] as const;

/** GET /api/tickets: the signed-in user's tickets, newest first. */
export async function getMyTickets(userId: string, signal?: AbortSignal): Promise<MyTicket[]> {
  const tickets = await apiFetch<MyTicket[]>('/api/tickets', { signal });
  writeTicketsCache(userId, tickets);
  return tickets;
}

/**
 * The user is part of the key, so one user's list never shows for another. A fresh session-storage entry
 * (spec visitor §9: 2 minutes) is shown at once; the list is still re-read on every visit, because a
 * booking or a cancel elsewhere may have changed it.
 */
export const myTicketsQuery = (userId: string) => {
  const cached = readTicketsCache(userId);
  return queryOptions({
    queryKey: [...MY_TICKETS_KEY, userId],
    queryFn: ({ signal }) => getMyTickets(userId, signal),
    initialData: cached?.tickets,
    initialDataUpdatedAt: cached?.savedAt,
    staleTime: 0,
  });
};

export const useMyTickets = (userId: string) => useQuery(myTicketsQuery(userId));
