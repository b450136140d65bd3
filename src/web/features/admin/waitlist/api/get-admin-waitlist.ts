import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWaitlist } from '@shared/waitlist';
import { apiFetch } from '@web/lib/api-client';

/** Query keys of the admin's waiting lists; the actions invalidate the list they changed. */
export const ADMIN_WAITLIST_KEYS = {
  all: ['admin', 'waitlist'] as const,
  list: (eventId: string) => ['admin', 'waitlist', eventId] as const,
};

/** GET /api/admin/events/:id/waitlist (docs/product/waiting-list.md#admin-waitlist). */
export const getAdminWaitlist = (eventId: string, signal?: AbortSignal) =>
  apiFetch<AdminWaitlist>(`/api/admin/events/${encodeURIComponent(eventId)}/waitlist`, { signal });

export const adminWaitlistQuery = (eventId: string) =>
  queryOptions({
    queryKey: ADMIN_WAITLIST_KEYS.list(eventId),
    queryFn: ({ signal }) => getAdminWaitlist(eventId, signal),
    staleTime: 0,
    retry: false,
    // offers are taken, given back and run out while the page is open
    refetchOnWindowFocus: true,
  });

export const useAdminWaitlist = (eventId: string) => useQuery(adminWaitlistQuery(eventId));
