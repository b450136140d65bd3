import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTicketFilterOptions } from '@shared/admin-tickets';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_TICKET_FILTERS_KEY } from './admin-ticket-keys';

/** GET /api/admin/tickets/filters: events and users that have tickets, for the two multi-selects. */
export const getTicketFilterOptions = () => apiFetch<AdminTicketFilterOptions>('/api/admin/tickets/filters');

export const ticketFilterOptionsQuery = queryOptions({
  queryKey: ADMIN_TICKET_FILTERS_KEY,
  queryFn: getTicketFilterOptions,
  staleTime: 60_000,
});

export const useTicketFilterOptions = () => useQuery(ticketFilterOptionsQuery);
