/** Query keys of the statement lines: one list per filter; an import or an assignment refreshes all. */
export const BANK_LINES_KEYS = {
  all: ['admin', 'bank-statements', 'lines'] as const,
  list: (status: BankLinesFilter) => ['admin', 'bank-statements', 'lines', status] as const,
};

/** 'open': unmatched, partly paid and overpaid lines (newest first); 'all': every line. */
export type BankLinesFilter = 'open' | 'all';

/**
 * 'Offene Überweisungen' and 'Offene Erstattungen' (docs/product/bank-transfer.md#admin-actions): an import
 * or an assignment can pay a booking or owe money back, so those refresh both lists too.
 */
export const TRANSFER_KEYS = {
  bookings: ['admin', 'bank-transfers'] as const,
  refunds: ['admin', 'transfer-refunds'] as const,
};

/** The saved CSV column mappings, one per bank (docs/product/bank-transfer.md#csv). */
export const CSV_MAPPINGS_KEY = ['admin', 'bank-statements', 'csv-mappings'] as const;
