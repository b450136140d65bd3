import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoVariant } from '@shared/admin-settings';
import { apiFetch } from '@web/lib/api-client';
import { invalidateSettings } from './invalidate-settings';

/** Answers {ok, url} (docs/product/admin.md#logos-checked). */
export function uploadLogo({ variant, file }: { variant: LogoVariant; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<{ ok: boolean; url: string }>(`/api/admin/settings/logos/${variant}`, {
    method: 'POST',
    body: form,
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadLogo, onSuccess: () => invalidateSettings(queryClient) });
}
