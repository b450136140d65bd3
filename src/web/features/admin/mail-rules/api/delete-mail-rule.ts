import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { MAIL_RULE_KEYS } from './mail-rule-keys';

/** DELETE /api/admin/mail-rules/:id (a fassung: the event uses the global rule again). */
export const deleteMailRule = (id: string) =>
  apiFetch<{ message: string }>(`/api/admin/mail-rules/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteMailRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_RULE_KEYS.all }),
  });
}
