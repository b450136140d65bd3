import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedFeedbackList } from '@shared/feedback-texts';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/feedback/featured: the survey comments chosen for the public pages, with consent and without names
 * (docs/product/feedback.md#featured). Loaded in the browser after the page: the server's HTML leaves them out,
 * so hydration sees the same empty place on both sides.
 */
export const featuredFeedbackQuery = queryOptions({
  queryKey: ['feedback', 'featured'],
  queryFn: ({ signal }) => apiFetch<FeaturedFeedbackList>('/api/feedback/featured', { signal }),
  staleTime: 10 * 60_000,
});

export const useFeaturedFeedback = () => useQuery(featuredFeedbackQuery);
