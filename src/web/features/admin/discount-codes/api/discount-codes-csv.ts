import { DISCOUNT_CODES_CSV } from '@shared/discount-code-schemas';
import { download } from '@web/lib/download';
import { saveBlob } from '@web/lib/save-blob';

/** GET /api/admin/discount-codes/export.csv, saved as gutscheincodes.csv. */
export async function downloadDiscountCodesCsv(): Promise<void> {
  const blob = await download('/api/admin/discount-codes/export.csv', {}, 'text/csv');
  saveBlob(blob, DISCOUNT_CODES_CSV);
}
