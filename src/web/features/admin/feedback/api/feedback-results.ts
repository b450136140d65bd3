import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackCsvFileName, type FeedbackAnswer, type FeedbackResults } from '@shared/feedback-texts';
import { apiFetch } from '@web/lib/api-client';
import { download } from '@web/lib/download';
import { saveBlob } from '@web/lib/save-blob';

// The survey results of one event for admins and its organizers (docs/product/feedback.md#results): read,
// switch, feature a comment, download the CSV. Each change invalidates this event's results only.

export const FEEDBACK_KEYS = {
  results: (eventId: string) => ['feedback', 'results', eventId] as const,
};
const base = (eventId: string) => `/api/feedback/events/${encodeURIComponent(eventId)}`;

/** GET /api/feedback/events/{eventId}: 403 for an organizer not assigned to it. */
export const getFeedbackResults = (eventId: string) => apiFetch<FeedbackResults>(base(eventId));

export const feedbackResultsQuery = (eventId: string) =>
  queryOptions({ queryKey: FEEDBACK_KEYS.results(eventId), queryFn: () => getFeedbackResults(eventId) });

export const useFeedbackResults = (eventId: string) => useQuery(feedbackResultsQuery(eventId));

/** PUT …/settings: the survey on or off. */
export function useSetFeedbackEnabled(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch<{ enabled: boolean; message: string }>(`${base(eventId)}/settings`, {
        method: 'PUT',
        body: JSON.stringify({ enabled }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEYS.results(eventId) }),
  });
}

/** PUT …/answers/{id}/featured: shown on the public pages or not. */
export function useSetFeedbackFeatured(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, featured }: { answerId: string; featured: boolean }) =>
      apiFetch<{ answer: FeedbackAnswer; message: string }>(
        `${base(eventId)}/answers/${encodeURIComponent(answerId)}/featured`,
        { method: 'PUT', body: JSON.stringify({ featured }) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEYS.results(eventId) }),
  });
}

/** GET …/csv, saved as feedback-{slug}.csv. */
export async function downloadFeedbackCsv(eventId: string, slug: string): Promise<void> {
  const blob = await download(`${base(eventId)}/csv`, {}, 'text/csv');
  saveBlob(blob, feedbackCsvFileName(slug));
}
