import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailRuleList } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';
import { MAIL_RULE_KEYS } from './mail-rule-keys';

/** GET /api/admin/mail-rules[?eventId=]: the global rules; with an event also its own rules and fassungen. */
export const mailRulesQuery = (eventId: string | null = null) =>
  queryOptions({
    queryKey: MAIL_RULE_KEYS.list(eventId),
    queryFn: () =>
      apiFetch<MailRuleList>(
        eventId ? `/api/admin/mail-rules?eventId=${encodeURIComponent(eventId)}` : '/api/admin/mail-rules',
      ),
    staleTime: 0,
  });

export const useMailRules = (eventId: string | null = null) => useQuery(mailRulesQuery(eventId));
