import { useMutation } from '@tanstack/react-query';
import type { MailPreview, MailPreviewInput } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';

/** POST /api/admin/mail-rules/preview: the mail as its first recipient (or a sample ticket) would get it. */
export const previewMailRule = (input: MailPreviewInput) =>
  apiFetch<MailPreview>('/api/admin/mail-rules/preview', { method: 'POST', body: JSON.stringify(input) });

export const usePreviewMailRule = () => useMutation({ mutationFn: previewMailRule });
