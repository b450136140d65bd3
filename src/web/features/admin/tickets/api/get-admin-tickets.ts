import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTicketPage } from '@shared/admin-tickets';
import { apiFetch } from '@web/lib/api-client';
import { apiQueryOf, type TicketFilters } from '../ticket-filters';
import { ADMIN_TICKET_LIST_KEY } from './admin-ticket-keys';

/** GET /api/admin/tickets: one page, grouped per event (docs/product/admin.md#tickets-screen). */
export const getAdminTickets = (filters: TicketFilters) =>
  apiFetch<AdminTicketPage>(`/api/admin/tickets?${apiQueryOf(filters)}`);

export const adminTicketsQuery = (filters: TicketFilters) =>
  queryOptions({
    queryKey: [...ADMIN_TICKET_LIST_KEY, apiQueryOf(filters).toString()],
    queryFn: () => getAdminTickets(filters),
    // the table keeps its rows while the next page or filter loads
    placeholderData: keepPreviousData,
  });

export const useAdminTickets = (filters: TicketFilters) => useQuery(adminTicketsQuery(filters));
