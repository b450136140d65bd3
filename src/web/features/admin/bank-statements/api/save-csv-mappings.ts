import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvMapping } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { CSV_MAPPINGS_KEY } from './bank-statement-keys';

/**
 * PUT /api/admin/bank-statements/csv-mappings {mappings}: the whole list at once, so saving, renaming and
 * deleting a bank's mapping are one call (docs/product/bank-transfer.md#csv).
 */
export const saveCsvMappings = (input: { mappings: CsvMapping[] }) =>
  apiFetch<{ mappings: CsvMapping[] }>('/api/admin/bank-statements/csv-mappings', {
    method: 'PUT',
    body: JSON.stringify(input),
  });

export function useSaveCsvMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCsvMappings,
    onSuccess: (saved) => queryClient.setQueryData(CSV_MAPPINGS_KEY, saved),
  });
}
