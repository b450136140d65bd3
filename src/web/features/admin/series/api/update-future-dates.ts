import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesFutureAnswer, SeriesFutureUpdateInput } from '@shared/series';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { SERIES_KEYS } from './series-keys';

/** PATCH /api/admin/series/:id/future ('Alle künftigen Termine ändern', docs/product/event-series.md#future-dates). */
export const updateFutureDates = ({ id, update }: { id: string; update: SeriesFutureUpdateInput }) =>
  apiFetch<SeriesFutureAnswer>(`/api/admin/series/${encodeURIComponent(id)}/future`, {
    method: 'PATCH',
    body: JSON.stringify(update),
  });

export function useUpdateFutureDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFutureDates,
    onSuccess: (answer) => {
      queryClient.setQueryData(SERIES_KEYS.detail(answer.series.id), answer.series);
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
    },
  });
}
