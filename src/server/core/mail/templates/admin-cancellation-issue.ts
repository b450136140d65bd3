import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { button, heading, paragraph } from './mail-blocks';
import { factsTable, factsText, formatCents } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface AdminCancellationIssueMailInput {
  context: MailContext;
  eventTitle: string;
  bookingId: string;
  /** docs/decisions/020-order-numbers.md: what Admin Refund and the tickets search take. */
  orderNumber: string;
  buyerEmail: string;
  amountCents: number;
  currency: string;
  /** What went wrong, e.g. the provider's last error. */
  problem: string;
}

/**
 * A refund the provider refused, or that still failed after all
 * retries, needs a person. Sent to every admin (docs/product/tickets-and-refunds.md#refund-retry).
 */
export function adminCancellationIssueMail(input: AdminCancellationIssueMailInput): MailContent {
  const { context } = input;
  const intro =
    'eine Erstattung konnte nicht automatisch durchgeführt werden. Bitte prüfe den Vorgang beim Zahlungsanbieter und erstatte ggf. manuell.';
  const facts: [string, string][] = [
    ['Veranstaltung', input.eventTitle],
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Buchung', input.bookingId],
    ['Kund:in', input.buyerEmail],
    ['Betrag', formatCents(input.amountCents, input.currency)],
    ['Problem', input.problem],
  ];
  // the tickets list searched for the booking (its search matches order numbers)
  const url = `${context.publicUrl}/admin/bookings?search=${encodeURIComponent(input.orderNumber)}`;
  const bodyHtml = markup`${heading('Erstattung fehlgeschlagen')}
${paragraph('Hallo,')}
${paragraph(intro)}
${factsTable(facts)}
${button(url, 'Tickets verwalten')}`;
  const bodyText = ['Erstattung fehlgeschlagen', '', 'Hallo,', '', intro, '', factsText(facts), '', url].join(
    '\n',
  );
  return {
    subject: `Erstattung fehlgeschlagen: ${input.eventTitle}`,
    ...renderWithContext(context, {
      preheader: `${formatCents(input.amountCents, input.currency)} · ${input.buyerEmail}`,
      bodyHtml,
      bodyText,
    }),
  };
}
