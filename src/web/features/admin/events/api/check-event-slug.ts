import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlugCheckAnswer } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';

/**
 * GET /api/admin/events/slug-check: whether a slug is well-formed and free, for the form's warning
 * (docs/product/events.md#slug). `slug` should already be debounced; nothing is asked for an empty one.
 */
export function useSlugCheck(slug: string, exceptId?: string, enabled = true) {
  return useQuery({
    queryKey: ADMIN_EVENT_KEYS.slugCheck(slug, exceptId),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ slug, ...(exceptId ? { exceptId } : {}) });
      return apiFetch<SlugCheckAnswer>(`/api/admin/events/slug-check?${query.toString()}`, { signal });
    },
    enabled: enabled && slug !== '',
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
