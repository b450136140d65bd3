// Privacy self-service (docs/product/accounts-and-consent.md#privacy-self-service): the data export and the
// account deletion, shared by server and client.

/** What the person types to confirm 'Konto löschen' (docs/product/accounts-and-consent.md#account-deletion). */
export const ACCOUNT_DELETION_CONFIRM_WORD = 'LÖSCHEN';

/**
 * Invoices (and the booking records they belong to) are kept this many years after the end of the year they
 * were issued in: § 147 (3) AO and § 14b (1) UStG as amended by the Fourth Bureaucracy Relief Act (BEG IV,
 * in force since 2025), decision 041.
 */
export const INVOICE_RETENTION_YEARS = 8;

/** 'Eine Rechnung bleibt …' / '3 Rechnungen bleiben …': what the deletion keeps, in its dialogs. */
export const keptInvoicesText = (count: number) =>
  `${count === 1 ? '1 Rechnung bleibt' : `${count} Rechnungen bleiben`} für das Finanzamt ${INVOICE_RETENTION_YEARS} Jahre aufbewahrt.`;

/** The name that replaces the person's in the booking records kept for the books. */
export const DELETED_PERSON_NAME = 'Gelöschte Person';

export const PRIVACY_MESSAGES = {
  confirmWord: `Bitte tippe ${ACCOUNT_DELETION_CONFIRM_WORD} zur Bestätigung.`,
  lastAdmin: 'Der letzte Administrator kann nicht gelöscht werden.',
  deleted: 'Dein Konto wurde gelöscht.',
  adminDeleted: 'Benutzer gelöscht.',
  exportFailed: 'Deine Daten konnten nicht zusammengestellt werden. Bitte versuche es erneut.',
  /** A booking that arrives while or after the account is deleted (docs/product/accounts-and-consent.md#deletion-serialised). */
  accountDeleted: 'Dein Konto wurde gelöscht. Die Buchung wurde nicht ausgeführt.',
  /** A payment that arrives for a booking of a deleted account: it goes back in full. */
  paymentAfterDeletion: 'Dein Konto wurde gelöscht. Die Zahlung wird dir vollständig erstattet.',
  /** Bookings kept arriving while the account was being deleted (decision 045). */
  deletionBusy: 'Während der Löschung kamen neue Buchungen hinzu. Bitte versuche es noch einmal.',
} as const;

/** One ticket the deletion cancels first, with the refund its event's policy gives today. */
export interface DeletionTicket {
  ticketId: string;
  ticketNumber: string;
  eventTitle: string;
  /** ISO time */
  eventStart: string;
  refundCents: number;
  currency: string;
  /** the ticket cost nothing: there is nothing to refund (docs/product/tickets-and-refunds.md#free-ticket-cancel) */
  free: boolean;
}

/**
 * GET /api/profile/deletion (own account) and GET /api/admin/users/:id/deletion: what 'Konto löschen' will do
 * before the data goes.
 */
export interface AccountDeletionPreview {
  /** Active tickets of events that have not started: cancelled under their policy first. */
  tickets: DeletionTicket[];
  totalRefundCents: number;
  currency: string;
  /** Waiting-list entries that end. */
  waitlistEntries: number;
  /** Issued invoices kept for their retention period (INVOICE_RETENTION_YEARS, decision 041). */
  keptInvoices: number;
  /** The last admin cannot be deleted; the dialog says so instead of asking. */
  lastAdmin: boolean;
}

/** DELETE /api/profile and DELETE /api/admin/users/:id */
export interface AccountDeletionResult {
  cancelledTickets: number;
  refundCents: number;
  currency: string;
}

/** The file name of the export: 'meine-daten-2026-11-28.json'. */
export const dataExportFileName = (day: string) => `meine-daten-${day}.json`;
