import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailRule, MailRuleInput } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';
import { MAIL_RULE_KEYS } from './mail-rule-keys';

/** POST /api/admin/mail-rules (a new rule; with eventId an event's own, with overridesRuleId its fassung). */
export const createMailRule = (input: MailRuleInput) =>
  apiFetch<MailRule>('/api/admin/mail-rules', { method: 'POST', body: JSON.stringify(input) });

/** PUT /api/admin/mail-rules/:id: the rule's fields; the event it belongs to stays. */
export const updateMailRule = ({ id, input }: { id: string; input: MailRuleInput }) =>
  apiFetch<MailRule>(`/api/admin/mail-rules/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** A rule's change shows in every list (global and per event), so all rule lists are refreshed. */
export function useCreateMailRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMailRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_RULE_KEYS.all }),
  });
}

export function useUpdateMailRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_RULE_KEYS.all }),
  });
}
