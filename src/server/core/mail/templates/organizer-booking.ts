import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { button, heading, note, paragraph } from './mail-blocks';
import { factsTable, formatCents, openingLines, mailWhen, type BookingMailInput } from './booking-mail-parts';
import type { MailContent } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface OrganizerBookingMailInput extends BookingMailInput {
  kind: 'paid' | 'cancelled';
  organizerName: string;
  buyerName: string;
  buyerEmail: string;
  /** Tickets booked (paid) or cancelled (cancelled). */
  quantity: number;
  amountCents: number;
  currency: string;
  /** Seats left for the event after this change. */
  availableSeats: number;
  totalSeats: number;
  isTest: boolean;
}

/**
 * 'organizer-booking-paid' / 'organizer-booking-cancelled' (docs/product/admin.md#organizer-role): the
 * event's organizers hear of every confirmed booking and every cancellation, with the seats left.
 */
export function organizerBookingMail(input: OrganizerBookingMailInput): MailContent {
  const { context, event } = input;
  const paid = input.kind === 'paid';
  const title = paid ? 'Neue Buchung' : 'Stornierung';
  const intro = paid
    ? `für „${event.title}“ ist eine neue Buchung eingegangen.`
    : `für „${event.title}“ wurde ein Ticket storniert.`;
  const facts: [string, string][] = [
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Teilnehmer:in', `${input.buyerName} (${input.buyerEmail})`],
    [paid ? 'Tickets' : 'Storniert', String(input.quantity)],
    [
      paid ? 'Betrag' : 'Erstattung',
      input.amountCents > 0 ? formatCents(input.amountCents, input.currency) : '–',
    ],
    ['Freie Plätze', `${input.availableSeats} von ${input.totalSeats}`],
  ];
  const adminUrl = `${context.publicUrl}/admin/bookings`;
  const testNote = 'Testbuchung (Testzahlung): kein echtes Geld.';
  const bodyHtml = markup`${heading(title)}
${paragraph(`Hallo ${input.organizerName},`)}
${paragraph(intro)}
${factsTable(facts)}
${button(adminUrl, 'Tickets verwalten')}
${input.isTest ? note(testNote) : ''}`;
  const bodyText = [
    ...openingLines(title, input.organizerName, intro, facts),
    `Tickets verwalten: ${adminUrl}`,
    ...(input.isTest ? ['', testNote] : []),
  ].join('\n');
  return {
    subject: `${input.isTest ? '[TEST] ' : ''}${title}: ${event.title}`,
    ...renderWithContext(context, {
      preheader: `${input.buyerName} · ${input.quantity} Ticket(s)`,
      bodyHtml,
      bodyText,
    }),
  };
}
