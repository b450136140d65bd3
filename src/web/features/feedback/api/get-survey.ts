import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedbackSurvey } from '@shared/feedback-texts';
import { apiFetch } from '@web/lib/api-client';

export const surveyKey = (token: string) => ['feedback', 'survey', token] as const;

/** GET /api/feedback/survey/{token} (docs/product/feedback.md#survey): no sign-in, the link is the key. */
export const getSurvey = (token: string) =>
  apiFetch<FeedbackSurvey>(`/api/feedback/survey/${encodeURIComponent(token)}`);

export const surveyQuery = (token: string) =>
  queryOptions({
    queryKey: surveyKey(token),
    queryFn: () => getSurvey(token),
    // a refused link says why; asking again changes nothing
    retry: false,
  });

export const useSurvey = (token: string) => useQuery(surveyQuery(token));
