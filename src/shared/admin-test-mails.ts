import { z } from 'zod';

// The admin's test mails: the settings' e-mail tests (docs/product/admin.md#email-tests) send each type
// with sample data to an address the admin names.
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
