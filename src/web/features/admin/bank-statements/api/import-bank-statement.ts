import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BANK_IMPORT_PROGRESS_TYPE,
  type BankImportProgress,
  type BankImportResult,
} from '@shared/bank-statements';
import { ApiError, apiResponse, UNEXPECTED_MESSAGE } from '@web/lib/api-client';
import { BANK_LINES_KEYS, TRANSFER_KEYS } from './bank-statement-keys';

export interface ImportInput {
  file: File;
  /** a saved CSV mapping's name; '' for CAMT.053 and MT940 */
  mapping?: string;
  /** the number of lines, as soon as the server has read and checked the file */
  onRead?: (read: { linesTotal: number }) => void;
}

/** The answer's lines (BankImportProgress, one JSON per line) until 'done' or 'failed'. */
async function readProgress(response: Response, onRead: ImportInput['onRead']): Promise<BankImportResult> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as BankImportProgress;
      if (event.phase === 'read') onRead?.({ linesTotal: event.linesTotal });
      else if (event.phase === 'done') return event.result;
      else throw new ApiError(event.status, event.error.code, event.error.message);
    }
    if (done) throw new ApiError(0, 'network', UNEXPECTED_MESSAGE);
  }
}

/**
 * POST /api/admin/bank-statements, multipart field 'file': a CAMT.053 or MT940 statement
 * (docs/product/bank-transfer.md#statement-import), or a CSV export read with the saved mapping named in
 * 'mapping' (docs/product/bank-transfer.md#csv) → what was read and matched. Asks for the answer line by line
 * (`BANK_IMPORT_PROGRESS_TYPE`), so `onRead` hears the number of lines before they are stored; a file the server
 * refuses is an ApiError with its German message.
 */
export async function importBankStatement({ file, mapping = '', onRead }: ImportInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  if (mapping) form.append('mapping', mapping);
  const response = await apiResponse('/api/admin/bank-statements', {
    method: 'POST',
    body: form,
    headers: { Accept: `${BANK_IMPORT_PROGRESS_TYPE}, application/json` },
  });
  if (!(response.headers.get('Content-Type') ?? '').includes(BANK_IMPORT_PROGRESS_TYPE)) {
    return (await response.json()) as BankImportResult;
  }
  return readProgress(response, onRead);
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
