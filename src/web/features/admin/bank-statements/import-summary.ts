import type { BankImportResult } from '@shared/bank-statements';
import { formatCount } from '@web/lib/format';

/** '1 Zeile', '1.200 Zeilen'. */
export const count = (value: number, one: string, many: string) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;

/**
 * '12 Zeilen gelesen, 10 neu: 6 zugeordnet, 1 Teilzahlung, 1 Überzahlung, 1 nicht zugeordnet, 1 ignoriert'
 * (docs/product/bank-transfer.md#statement-import; lines seen before count as read, not as new:
 * docs/product/bank-transfer.md#idempotent-import).
 */
export const importSummary = (result: BankImportResult) =>
  `${count(result.linesTotal, 'Zeile', 'Zeilen')} gelesen, ${formatCount(result.linesNew)} neu: ` +
  [
    `${formatCount(result.matched)} zugeordnet`,
    count(result.partial, 'Teilzahlung', 'Teilzahlungen'),
    count(result.overpaid, 'Überzahlung', 'Überzahlungen'),
    `${formatCount(result.unmatched)} nicht zugeordnet`,
    `${formatCount(result.ignored)} ignoriert`,
  ].join(', ');
