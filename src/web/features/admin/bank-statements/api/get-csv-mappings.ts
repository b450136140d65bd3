import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CsvMapping } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { CSV_MAPPINGS_KEY } from './bank-statement-keys';

/** GET /api/admin/bank-statements/csv-mappings: the saved column mappings (docs/product/bank-transfer.md#csv). */
export const csvMappingsQuery = () =>
  queryOptions({
    queryKey: CSV_MAPPINGS_KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ mappings: CsvMapping[] }>('/api/admin/bank-statements/csv-mappings', { signal }),
    staleTime: 0,
  });

export const useCsvMappings = () => useQuery(csvMappingsQuery());
