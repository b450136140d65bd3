import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackAnswerInput, FeedbackSurvey } from '@shared/feedback';
import { apiFetch } from '@web/lib/api-client';
import { surveyKey } from './get-survey';

/** POST /api/feedback/survey/{token}: the ticket's one answer (docs/product/feedback.md#survey). */
export const submitFeedback = ({ token, answer }: { token: string; answer: FeedbackAnswerInput }) =>
  apiFetch<{ message: string }>(`/api/feedback/survey/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: JSON.stringify(answer),
  });

/** After the answer the page shows its thanks: the survey's state is 'answered' from then on. */
export function useSubmitFeedback(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () =>
      queryClient.setQueryData<FeedbackSurvey>(surveyKey(token), (survey) =>
        survey ? { ...survey, state: 'answered' } : survey,
      ),
  });
}
