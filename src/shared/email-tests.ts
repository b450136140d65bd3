import { z } from 'zod';

// The e-mail tests of the settings (docs/product/admin.md#email-tests).
export const EMAIL_TEST_TYPES = [
  'booking-confirmation',
  'cancellation-confirmation',
  'event-updates',
  'organizer-booking-paid',
  'organizer-booking-cancelled',
  'admin-cancellation-issue',
  'waitlist-offer',
  'ticket-received',
  'ticket-transferred',
] as const;
export type EmailTestType = (typeof EMAIL_TEST_TYPES)[number];

export const EMAIL_TEST_LABELS: Record<EmailTestType, string> = {
  'booking-confirmation': 'Buchungsbestätigung',
  'cancellation-confirmation': 'Stornobestätigung',
  'event-updates': 'Event-Änderung',
  'organizer-booking-paid': 'Veranstalter: neue Buchung',
  'organizer-booking-cancelled': 'Veranstalter: Stornierung',
  'admin-cancellation-issue': 'Admin: Problem bei Erstattung',
  'waitlist-offer': 'Warteliste: Platz frei',
  'ticket-received': 'Übertragung: Ticket erhalten',
  'ticket-transferred': 'Übertragung: Ticket abgegeben',
};

export const emailTestSchema = z.object({
  emailType: z.enum(['all', ...EMAIL_TEST_TYPES], { error: 'Unbekannter E-Mail-Typ.' }),
  // Trimmed before the format check: z.email().trim() checks the untrimmed value and refuses ' a@b.de'.
  targetEmail: z
    .string({ error: 'Bitte eine gültige E-Mail-Adresse eingeben.' })
    .trim()
    .pipe(z.email('Bitte eine gültige E-Mail-Adresse eingeben.').max(254)),
});

export interface EmailTestResult {
  type: EmailTestType;
  success: boolean;
  message: string;
}

export interface EmailTestResponse {
  ok: boolean;
  error?: string;
  results: EmailTestResult[];
}

/** The card's summary line. */
export function emailTestSummary(response: EmailTestResponse): string {
  const total = response.results.length;
  if (total === 0) return 'Keine E-Mails erforderlich';
  const failed = response.results.filter((r) => !r.success).length;
  return failed === 0 ? `Erfolgreich ${total} E-Mail(s) gesendet` : `Fehler bei ${failed}/${total} E-Mail(s)`;
}

/**
 * The Admin Refund card's quick percentages (docs/product/admin.md#admin-refund-amount); its reasons are in
 * admin-refunds.ts.
 */
export const ADMIN_REFUND_QUICK_PERCENTS = [100, 70, 50, 0] as const;
/**
 * A refund of nothing is refused on both sides (decision 012); the '0 %' quick button stays (decision 013).
 */
export const ADMIN_REFUND_ZERO_MESSAGE = 'Der Erstattungsbetrag muss größer als 0 sein.';
