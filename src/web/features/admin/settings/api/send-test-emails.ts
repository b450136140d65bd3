import { useMutation } from '@tanstack/react-query';
import type { EmailTestResponse, EmailTestType } from '@shared/admin-test-mails';
import { apiFetch } from '@web/lib/api-client';

export interface EmailTestInput {
  emailType: EmailTestType | 'all';
  targetEmail: string;
}

/** Sample mails of one or all types to one address (docs/product/admin.md#email-tests). */
export const sendTestEmails = (input: EmailTestInput) =>
  apiFetch<EmailTestResponse>('/api/admin/email-tests', { method: 'POST', body: JSON.stringify(input) });

export const useSendTestEmails = () => useMutation({ mutationFn: sendTestEmails });
