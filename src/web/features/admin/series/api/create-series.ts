import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSeries, SeriesPreview, SeriesRuleInput } from '@shared/series';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { SERIES_KEYS } from './series-keys';

const path = (eventId: string, rest: string) => `/api/admin/events/${encodeURIComponent(eventId)}/${rest}`;

/** POST /api/admin/events/:id/series/preview: the dates a rule would make, nothing saved. */
export const previewSeries = ({ eventId, rule }: { eventId: string; rule: SeriesRuleInput }) =>
  apiFetch<SeriesPreview>(path(eventId, 'series/preview'), {
    method: 'POST',
    body: JSON.stringify({ rule }),
  });

export const usePreviewSeries = () => useMutation({ mutationFn: previewSeries });

/** POST /api/admin/events/:id/series ('Als Reihe anlegen', docs/product/event-series.md#create-series). */
export const createSeries = ({ eventId, rule }: { eventId: string; rule: SeriesRuleInput }) =>
  apiFetch<AdminSeries>(path(eventId, 'series'), { method: 'POST', body: JSON.stringify({ rule }) });

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: (series, { eventId }) => {
      queryClient.setQueryData(SERIES_KEYS.detail(series.id), series);
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
    },
  });
}
