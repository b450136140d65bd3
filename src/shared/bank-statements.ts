// Bank statements and the admin's side of transfers (docs/product/bank-transfer.md): the API's shapes and texts,
// shared by server and admin client. Apart from bank-transfer.ts, which every buyer's page may load, so that these
// texts stay out of the shop's first download (scripts/bundle-budget.mjs).

// PUT  /api/admin/settings/bank-transfer (bankTransferSettingsSchema) → BankTransferSettings
// POST /api/admin/bank-statements (multipart, field 'file') → BankImportResult, or BankImportProgress lines
// GET  /api/admin/bank-statements/lines?status=open|all → { lines: AdminBankLine[] } (open: unmatched, partial,
//      overpaid; newest first)
// POST /api/admin/bank-statements/lines/:id/assign { orderNumber } → AdminBankLine

export interface BankImportResult {
  importId: string;
  format: 'camt053' | 'mt940' | 'csv';
  linesTotal: number;
  /** not seen in an earlier import */
  linesNew: number;
  matched: number;
  partial: number;
  overpaid: number;
  unmatched: number;
  ignored: number;
}

/**
 * With `Accept: application/x-ndjson` the import answers line by line once the file is read and checked (a file
 * that fails that still gets its 422): 'read' with the number of lines, then 'done' or 'failed'
 * (docs/product/bank-transfer.md#statement-import).
 */
export const BANK_IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
export type BankImportProgress =
  | { phase: 'read'; format: BankImportResult['format']; linesTotal: number }
  | { phase: 'done'; result: BankImportResult }
  | { phase: 'failed'; status: number; error: { code: string; message: string } };

export type AdminBankLineStatus = 'matched' | 'partial' | 'overpaid' | 'unmatched' | 'ignored';

export const BANK_LINE_STATUS_LABELS: Record<AdminBankLineStatus, string> = {
  matched: 'Zugeordnet',
  partial: 'Teilzahlung',
  overpaid: 'Überzahlung',
  unmatched: 'Nicht zugeordnet',
  ignored: 'Ignoriert',
};

/** A line of a bank statement as the bank wrote it (docs/product/bank-transfer.md#statement-import). */
export interface BankStatementLine {
  /** 'YYYY-MM-DD' (booking date) */
  bookedOn: string;
  /** signed: credits positive, debits negative */
  amountCents: number;
  currency: string;
  /** the debtor for credits, the creditor for debits */
  counterpartyName: string;
  counterpartyIban: string;
  /** unstructured remittance lines joined with '\n', plus the structured creditor reference if present */
  remittance: string;
}

export interface AdminBankLine extends BankStatementLine {
  id: string;
  status: AdminBankLineStatus;
  excessCents: number;
  /** why an unmatched line cannot be matched, e.g. its currency (docs/product/bank-transfer.md#currency) */
  reason: string | null;
  /** what the line credited */
  bookings: { bookingId: string; orderNumber: string; amountCents: number }[];
}

export const BANK_IMPORT_MESSAGES = {
  unreadable: 'Die Datei ist kein lesbarer Kontoauszug (CAMT.053 oder MT940).',
  noFile: 'Bitte wähle eine Datei.',
  orderNotFound: 'Keine offene Überweisungs-Buchung mit dieser Bestellnummer.',
  alreadyAssigned: 'Diese Zeile ist schon zugeordnet.',
  // a file that cannot hurt (docs/product/bank-transfer.md#hostile-files): one line's problem names the line
  line: (line: number, problem: string) => `Zeile ${line}: ${problem}`,
  badCharacter: (field: string) => `${field} enthält ein unzulässiges Zeichen.`,
  fields: {
    remittance: 'Der Verwendungszweck',
    name: 'Der Name',
    iban: 'Die IBAN',
    reference: 'Die Buchungsreferenz der Bank',
    account: 'Die Kontonummer des Auszugs',
    currency: 'Die Währung',
  },
  amountMissing: 'Der Betrag fehlt oder ist keine Zahl.',
  amountNegative: 'Der Betrag ist negativ; ob Gutschrift oder Lastschrift, sagt die Kennung CRDT/DBIT.',
  amountDecimals: 'Der Betrag hat mehr als zwei Nachkommastellen.',
  amountTooLarge: 'Der Betrag ist zu groß (höchstens 21.474.836,47).',
  creditDebit: 'Es fehlt die Kennung, ob Gutschrift oder Lastschrift (CRDT/DBIT).',
  currencyInvalid: 'Die Währung ist kein dreistelliger Code wie EUR.',
  date: 'Das Buchungsdatum fehlt oder ist kein gültiges Datum.',
  fileName: 'Der Dateiname enthält ein unzulässiges Zeichen.',
  doctype:
    'Die Datei enthält eine DOCTYPE- oder ENTITY-Angabe. Kontoauszüge haben keine; aus Sicherheitsgründen wird sie nicht gelesen.',
  tooDeep: 'Die Datei ist zu tief verschachtelt.',
  tooLarge: 'Die Datei ist zu groß (höchstens 20 MB).',
  tooManyLines: (max: string) => `Die Datei hat mehr als ${max} Zeilen. Bitte lies sie in Teilen ein.`,
  xmlBroken: (line: number) => `Die XML-Datei ist fehlerhaft (in Zeile ${line} der Datei).`,
  tooSlow: 'Die Datei ließ sich nicht in angemessener Zeit lesen.',
  /** why a line in another currency waits (docs/product/bank-transfer.md#currency) */
  foreignCurrency: (currency: string) => `Währung ${currency} – nur Euro-Zahlungen werden zugeordnet`,
  notEuro: 'Nur Euro-Zahlungen können einer Buchung zugeordnet werden.',
} as const;

// ---- the admin's side of transfers (docs/product/bank-transfer.md#admin-actions, #refunds) ----
// GET  /api/admin/bank-transfers → { bookings: AdminTransferBooking[] }: pending transfer bookings, due first
// POST /api/admin/bank-transfers/:bookingId/extend { days } → AdminTransferBooking ('Fälligkeit verlängern')
// POST /api/admin/bank-transfers/:bookingId/mark-paid {} → { ok: true } ('Als bezahlt markieren', logged)
// GET  /api/admin/transfer-refunds → { refunds: AdminTransferRefund[] }: refunds of transfers still owed
// GET  /api/admin/transfer-refunds/pain001 → the SEPA credit transfer file (pain.001.001.03) of those with an IBAN
// POST /api/admin/transfer-refunds/mark-paid { ids } → { marked: number }
// POST /api/tickets/:id/cancel accepts { payoutIban?, payoutName? } for a ticket paid by transfer.

export interface AdminTransferBooking {
  bookingId: string;
  orderNumber: string;
  eventTitle: string;
  buyerName: string;
  buyerEmail: string;
  totalCents: number;
  paidCents: number;
  currency: string;
  /** ISO */
  dueAt: string;
  /** ISO: when the seats go back if nothing arrived */
  holdUntil: string;
}

export interface AdminTransferRefund {
  /** the refund's id, or for an overpayment the statement line's (both are what mark-paid takes) */
  refundId: string;
  /** 'refund': a cancellation or late money; 'excess': what a transfer paid beyond the booking */
  kind: 'refund' | 'excess';
  orderNumber: string;
  amountCents: number;
  currency: string;
  /** where the money goes: what the buyer gave, else the account it came from; '' when unknown */
  payoutIban: string;
  payoutName: string;
  /** ISO */
  createdAt: string;
}

export const EXTEND_DAYS_MAX = 60;

export const TRANSFER_ADMIN_MESSAGES = {
  extendDays: `Bitte gib eine Zahl von Tagen zwischen 1 und ${EXTEND_DAYS_MAX} an.`,
  notPending: 'Diese Buchung wartet nicht auf eine Überweisung.',
  noRefunds: 'Keine offenen Erstattungen mit IBAN.',
  markedPaid: 'Als bezahlt markiert.',
  payoutIban: 'Bitte gib eine gültige IBAN für die Erstattung an.',
  payoutName: 'Bitte gib den Kontoinhaber für die Erstattung an.',
} as const;

// ---- CSV statements (docs/product/bank-transfer.md#csv) ----
// GET  /api/admin/bank-statements/csv-mappings → { mappings: CsvMapping[] }
// PUT  /api/admin/bank-statements/csv-mappings { mappings } (csvMappingsSchema) → { mappings }
// POST /api/admin/bank-statements/csv-preview (multipart 'file') → CsvPreview
// POST /api/admin/bank-statements (multipart 'file' and 'mapping' = a mapping's name) reads a CSV with it

export const CSV_DATE_FORMATS = ['DD.MM.YYYY', 'DD.MM.YY', 'YYYY-MM-DD'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/** How one bank's CSV export reads: columns by their header's text. Saved per bank by its name. */
export interface CsvMapping {
  /** e.g. 'Sparkasse Hamburg' */
  name: string;
  delimiter: ';' | ',' | '\t';
  dateColumn: string;
  dateFormat: CsvDateFormat;
  amountColumn: string;
  /** '1.234,56' (German) rather than '1,234.56' */
  decimalComma: boolean;
  nameColumn: string;
  /** '' when the export has none */
  ibanColumn: string;
  /** the columns whose text is searched for the reference, joined in this order */
  textColumns: string[];
}

export interface CsvPreview {
  delimiter: CsvMapping['delimiter'];
  headers: string[];
  /** the first rows, as text */
  rows: string[][];
}

export const CSV_MESSAGES = {
  mappingMissing: 'Für CSV-Dateien wähle bitte eine Spaltenzuordnung.',
  mappingUnknown: 'Diese Spaltenzuordnung gibt es nicht (mehr).',
  columnMissing: (column: string) => `Die Spalte „${column}“ fehlt in der Datei.`,
  badRow: (row: number) => `Zeile ${row} lässt sich nicht lesen (Datum oder Betrag).`,
  name: 'Bitte gib der Zuordnung einen Namen (z. B. den deiner Bank).',
  column: 'Bitte wähle eine Spalte.',
  textColumns: 'Bitte wähle mindestens eine Spalte mit dem Verwendungszweck.',
  duplicateName: 'Eine Zuordnung mit diesem Namen gibt es schon.',
} as const;
