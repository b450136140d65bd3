import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { FREE_TICKET_TEXTS } from '@shared/tickets';
import { button, heading, note, paragraph } from './mail-blocks';
import { factsTable, formatCents, openingLines, mailWhen, type BookingMailInput } from './booking-mail-parts';
import type { MailContent } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface TicketCancelledMailInput extends BookingMailInput {
  holderName: string;
  ticketCode: string;
  refundCents: number;
  currency: string;
  /** A free ticket (price 0): no refund to speak of (docs/product/tickets-and-refunds.md#free-ticket-cancel). */
  free?: boolean;
  /** Cancelled by the shop (admin) rather than by the attendee. */
  byShop: boolean;
  /** The whole event was called off ('Abgesagt'). */
  eventCancelled?: boolean;
}

/** Cancellation confirmation with the refund (docs/product/tickets-and-refunds.md#cancel-effects). */
export function ticketCancelledMail(input: TicketCancelledMailInput): MailContent {
  const { context, event } = input;
  const refund = input.free
    ? input.eventCancelled
      ? FREE_TICKET_TEXTS.mailEventCancelled
      : FREE_TICKET_TEXTS.mail
    : input.refundCents > 0
      ? `Wir erstatten dir ${formatCents(input.refundCents, input.currency)} auf das Zahlungsmittel, mit dem du bezahlt hast. Je nach Bank dauert die Gutschrift einige Tage.`
      : 'Gemäß unseren Stornobedingungen erfolgt für diese Stornierung keine Erstattung.';
  const intro = input.eventCancelled
    ? `die Veranstaltung „${event.title}“ muss leider ausfallen. Wir haben dein Ticket (Code ${input.ticketCode}) daher storniert.`
    : input.byShop
      ? `wir haben dein Ticket (Code ${input.ticketCode}) für „${event.title}“ storniert.`
      : `deine Stornierung des Tickets (Code ${input.ticketCode}) für „${event.title}“ ist bestätigt.`;
  const facts: [string, string][] = [
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Ticket', `Code ${input.ticketCode}`],
    // a free ticket names no refund at all
    ...(input.free
      ? []
      : ([
          ['Erstattung', input.refundCents > 0 ? formatCents(input.refundCents, input.currency) : 'keine'],
        ] as [string, string][])),
  ];
  const eventUrl = `${context.publicUrl}/event/${event.slug}`;
  const bodyHtml = markup`${heading('Stornierung bestätigt')}
${paragraph(`Hallo ${input.holderName},`)}
${paragraph(intro)}
${factsTable(facts)}
${paragraph(refund)}
${button(eventUrl, 'Zur Veranstaltung')}
${note(`Fragen? Schreib uns an ${context.supportEmail}.`)}`;
  const bodyText = [
    ...openingLines('Stornierung bestätigt', input.holderName, intro, facts),
    refund,
    '',
    `Fragen? Schreib uns an ${context.supportEmail}.`,
  ].join('\n');
  return {
    subject: input.eventCancelled ? `Abgesagt: ${event.title}` : `Stornierung bestätigt: ${event.title}`,
    ...renderWithContext(context, { preheader: `Ticket ${input.ticketCode} storniert`, bodyHtml, bodyText }),
  };
}
