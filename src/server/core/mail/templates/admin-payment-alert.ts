import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { button, heading, paragraph } from './mail-blocks';
import { factsTable, factsText, formatCents } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface AdminPaymentAlertMailInput {
  context: MailContext;
  eventTitle: string;
  bookingId: string;
  orderNumber: string;
  buyerEmail: string;
  /** What the booking's payment row expects. */
  expectedCents: number;
  expectedCurrency: string;
  /** What the provider reported for the payment. */
  reportedCents: number;
  reportedCurrency: string;
  providerPaymentId: string;
}

/**
 * A provider's payment whose amount or currency differs from the booking's payment: it never confirms the
 * booking, and every admin is told (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md).
 */
export function adminPaymentAlertMail(input: AdminPaymentAlertMailInput): MailContent {
  const { context } = input;
  const intro =
    'der Zahlungsanbieter meldet für eine Buchung einen anderen Betrag oder eine andere Währung als erwartet. Die Buchung wird deshalb nicht bestätigt. Bitte prüfe die Zahlung beim Zahlungsanbieter.';
  const facts: [string, string][] = [
    ['Veranstaltung', input.eventTitle],
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Buchung', input.bookingId],
    ['Kund:in', input.buyerEmail],
    ['Erwartet', formatCents(input.expectedCents, input.expectedCurrency)],
    ['Gemeldet', formatCents(input.reportedCents, input.reportedCurrency)],
    ['Zahlung beim Anbieter', input.providerPaymentId],
  ];
  const url = `${context.publicUrl}/admin/bookings?search=${encodeURIComponent(input.orderNumber)}`;
  const bodyHtml = markup`${heading('Zahlung passt nicht zur Buchung')}
${paragraph('Hallo,')}
${paragraph(intro)}
${factsTable(facts)}
${button(url, 'Tickets verwalten')}`;
  const bodyText = [
    'Zahlung passt nicht zur Buchung',
    '',
    'Hallo,',
    '',
    intro,
    '',
    factsText(facts),
    '',
    url,
  ].join('\n');
  return {
    subject: `Zahlung passt nicht zur Buchung: ${input.eventTitle}`,
    ...renderWithContext(context, {
      preheader: `${formatCents(input.reportedCents, input.reportedCurrency)} statt ${formatCents(input.expectedCents, input.expectedCurrency)}`,
      bodyHtml,
      bodyText,
    }),
  };
}
