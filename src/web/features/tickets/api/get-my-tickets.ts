import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTicket } from '@shared/tickets';
import { apiFetch } from '@web/lib/api-client';
import { readTicketsCache, writeTicketsCache } from '../tickets-cache';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/tickets: the signed-in user's tickets, newest first. */
export async function getMyTickets(userId: string, signal?: AbortSignal): Promise<MyTicket[]> {
  const tickets = await apiFetch<MyTicket[]>('/api/tickets', { signal });
  writeTicketsCache(userId, tickets);
  return tickets;
}

/**
 * Keyed by the user (lib/query-keys.ts). A fresh session-storage entry
 * (2 minutes) is shown at once; the list is still re-read on every visit, because a
 * booking or a cancel elsewhere may have changed it.
 */
export const myTicketsQuery = (userId: string) => {
  const cached = readTicketsCache(userId);
  return queryOptions({
    queryKey: queryKeys.tickets.mineOf(userId),
    queryFn: ({ signal }) => getMyTickets(userId, signal),
    initialData: cached?.tickets,
    initialDataUpdatedAt: cached?.savedAt,
    staleTime: 0,
  });
};

export const useMyTickets = (userId: string) => useQuery(myTicketsQuery(userId));
