import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankImportResult } from '@shared/bank-transfer';
import { apiFetch } from '@web/lib/api-client';
import { BANK_LINES_KEYS, TRANSFER_KEYS } from './bank-statement-keys';

/**
 * POST /api/admin/bank-statements, multipart field 'file': a CAMT.053 or MT940 statement
 * (docs/product/bank-transfer.md#statement-import), or a CSV export read with the saved mapping named in
 * 'mapping' (docs/product/bank-transfer.md#csv) → what was read and matched.
 */
export function importBankStatement({ file, mapping = '' }: { file: File; mapping?: string }) {
  const form = new FormData();
  form.append('file', file, file.name);
  if (mapping) form.append('mapping', mapping);
  return apiFetch<BankImportResult>('/api/admin/bank-statements', { method: 'POST', body: form });
}

export function useImportBankStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBankStatement,
    // money read in can pay a booking or be owed back
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BANK_LINES_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.bookings }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.refunds }),
      ]),
  });
}
