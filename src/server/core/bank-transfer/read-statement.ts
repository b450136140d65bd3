import { BANK_IMPORT_MESSAGES, CSV_MESSAGES, type CsvMapping } from '@shared/bank-statements';
import { AppError } from '../app-error';
import { parseCsvStatement } from './csv-statement';
import { parseStatement, type StatementFormat, type StatementLine } from './statements';

// What a statement file says, read and checked whole before anything is stored
// (docs/product/bank-transfer.md#hostile-files). Pure and synchronous: it runs in the statement worker
// (read-off-thread.ts), never on the server's event loop.

/** A busy month's CAMT.053 is a few MB; 20 MB leaves room (the route refuses larger bodies before reading). */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Lines per file: months of a busy shop, stored in about 10 s; a larger file is read in parts. */
export const STATEMENT_MAX_LINES = 20_000;

export interface ReadStatement {
  format: StatementFormat;
  lines: StatementLine[];
}

/**
 * CAMT.053 and MT940 are recognised by their content; anything else is read as CSV with the chosen mapping
 * (docs/product/bank-transfer.md#csv). Throws AppError 422 with the German message, naming the line.
 */
export function readStatement(content: Uint8Array, mapping?: CsvMapping): ReadStatement {
  if (content.byteLength > STATEMENT_MAX_BYTES)
    throw new AppError('payload_too_large', BANK_IMPORT_MESSAGES.tooLarge);
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const read = readAnyFormat(bytes, mapping);
  if (read.lines.length > STATEMENT_MAX_LINES) {
    throw new AppError(
      'validation_failed',
      BANK_IMPORT_MESSAGES.tooManyLines(STATEMENT_MAX_LINES.toLocaleString('de-DE')),
    );
  }
  return read;
}

function readAnyFormat(content: Buffer, mapping?: CsvMapping): ReadStatement {
  const head = content.subarray(0, 200).toString('latin1').trimStart();
  if (head.startsWith('<') || /^:20:/m.test(content.subarray(0, 2000).toString('latin1')) || !mapping) {
    try {
      return parseStatement(content);
    } catch (error) {
      // a CSV without a mapping: say what is missing rather than 'unreadable'
      const unreadable = error instanceof AppError && error.message === BANK_IMPORT_MESSAGES.unreadable;
      if (unreadable && !mapping && /[;,\t]/.test(head.split('\n', 1)[0] ?? '') && !head.startsWith('<')) {
        throw new AppError('validation_failed', CSV_MESSAGES.mappingMissing);
      }
      throw error;
    }
  }
  return { format: 'csv', lines: parseCsvStatement(content, mapping) };
}
