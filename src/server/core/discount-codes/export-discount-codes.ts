import { discountLabel } from '@shared/discount-codes';
import type { AdminDiscountCode } from '@shared/discount-code-schemas';
import type { DbOrTx } from '../../db/types';
import { CSV_BOM, csvCell, csvEuros, csvLine } from '../csv/csv-cells';
import { listDiscountCodes } from './list-discount-codes';

export const DISCOUNT_CODE_CSV_HEADER = [
  'Code',
  'Rabatt',
  'Events',
  'Ticketarten',
  'Einlösungen',
  'Max. Einlösungen',
  'Max. pro Person',
  'Gültig ab',
  'Gültig bis',
  'Aktiv',
  'Bestätigte Buchungen',
  'Umsatz (EUR)',
  'Rabatt gewährt (EUR)',
  'Notiz',
] as const;

const names = (items: { title?: string; name?: string }[], all: string) =>
  items.length === 0 ? all : items.map((item) => item.title ?? item.name).join(', ');
const count = (value: number | null) => (value === null ? '' : String(value));

// Text the admin typed (code, note) and event titles go through csvCell, which guards formulas; amounts are
// numbers the shop made and written as they are (csvCell would guard a leading '-').
const codeLine = (code: AdminDiscountCode) =>
  [
    ...[
      code.code,
      discountLabel(code.kind, code.value),
      names(code.events, 'alle Events'),
      names(code.categories, 'alle Ticketarten'),
      String(code.uses),
      count(code.maxUses),
      count(code.maxPerBuyer),
      code.validFrom ?? '',
      code.validUntil ?? '',
      code.active ? 'ja' : 'nein',
      String(code.confirmedBookings),
    ].map(csvCell),
    csvEuros(code.revenueCents),
    csvEuros(code.discountCents),
    csvCell(code.note),
  ].join(';') + '\r\n';

/** The codes with their uses and revenue as a CSV file (docs/product/admin.md#csv-export). */
export async function discountCodesCsv(db: DbOrTx): Promise<string> {
  const codes = await listDiscountCodes(db);
  return CSV_BOM + csvLine([...DISCOUNT_CODE_CSV_HEADER]) + codes.map(codeLine).join('');
}
