import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailRuleLog } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';
import { MAIL_RULE_KEYS } from './mail-rule-keys';

/** GET /api/admin/mail-rules/:id/log: the rule's 'Versandprotokoll', newest first. */
export const mailRuleLogQuery = (ruleId: string) =>
  queryOptions({
    queryKey: MAIL_RULE_KEYS.log(ruleId),
    queryFn: () => apiFetch<MailRuleLog>(`/api/admin/mail-rules/${encodeURIComponent(ruleId)}/log`),
    staleTime: 0,
  });

export const useMailRuleLog = (ruleId: string | null) =>
  useQuery({ ...mailRuleLogQuery(ruleId ?? ''), enabled: ruleId !== null });
