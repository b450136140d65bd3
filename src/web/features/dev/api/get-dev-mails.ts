import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { DevMail } from '@shared/dev-mail';

export type { DevMail };

export const getDevMails = () => apiFetch<DevMail[]>('/api/dev/mails');

export const devMailsQuery = queryOptions({
  queryKey: ['dev-mails'],
  queryFn: getDevMails,
  staleTime: 0,
  // Coming back from the tab that asked for a code should show that code without a click.
  refetchOnWindowFocus: true,
  // A 404 means SMTP is configured: asking again will not change that.
  retry: false,
});

export const useDevMails = () => useQuery(devMailsQuery);
