import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTicketFilterOptions } from '@shared/admin-tickets';
import { apiFetch } from '@web/lib/api-client';

/** Under the tickets' key (tickets/api/admin-ticket-keys.ts): their mutations invalidate it. */
export const ADMIN_TICKET_FILTERS_KEY = ['admin', 'tickets', 'filters'] as const;

/** GET /api/admin/tickets/filters: events and users that have tickets, for the two multi-selects. */
export const getTicketFilterOptions = () => apiFetch<AdminTicketFilterOptions>('/api/admin/tickets/filters');

export const ticketFilterOptionsQuery = queryOptions({
  queryKey: ADMIN_TICKET_FILTERS_KEY,
  queryFn: getTicketFilterOptions,
  staleTime: 60_000,
});

export const useTicketFilterOptions = () => useQuery(ticketFilterOptionsQuery);
