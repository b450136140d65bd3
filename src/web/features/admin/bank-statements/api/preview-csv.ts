import { useMutation } from '@tanstack/react-query';
import type { CsvPreview } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';

/**
 * POST /api/admin/bank-statements/csv-preview, multipart field 'file': a sample export's header and first
 * rows, to map the columns from (docs/product/bank-transfer.md#csv). Nothing is stored.
 */
export function previewCsv(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<CsvPreview>('/api/admin/bank-statements/csv-preview', { method: 'POST', body: form });
}

export const usePreviewCsv = () => useMutation({ mutationFn: previewCsv });
