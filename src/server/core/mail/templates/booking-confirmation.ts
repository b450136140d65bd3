import { ONLINE_LINK_TEXTS } from '@shared/online-link';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import {
  formatCents,
  mailPlace,
  mailWhen,
  ticketMail,
  type BookingMailInput,
  type MailEvent,
} from './booking-mail-parts';
import type { MailContent } from './mail-context';

export interface BookingConfirmationMailInput extends BookingMailInput {
  holderName: string;
  quantity: number;
  totalAmountCents: number;
  currency: string;
  ticketCodes: string[];
  isTest: boolean;
  /** deliveredOnlineUrl of the event: shown instead of the entry time (docs/decisions/019-online-links.md). */
  onlineUrl: string | null;
}

/**
 * Sent when a booking is confirmed (paid or free), with the ticket PDF and an .ics attached
 * (docs/product/payments.md#confirm-on-success).
 */
export function bookingConfirmationMail(input: BookingConfirmationMailInput): MailContent {
  const { context, event } = input;
  const facts: [string, string][] = [
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Wo', mailPlace(event)],
    ['Name auf dem Ticket', input.holderName],
    ['Tickets', `${input.quantity} (Code ${input.ticketCodes.join(', ')})`],
    [
      'Betrag',
      input.totalAmountCents > 0 ? formatCents(input.totalAmountCents, input.currency) : 'Kostenlos',
    ],
  ];
  const intro = `vielen Dank für deine Buchung bei ${context.siteName}. Deine Tickets sind bestätigt.`;
  const attached = `Im Anhang findest du deine Tickets als PDF und einen Kalendereintrag. ${howToJoin(event.mode, Boolean(input.onlineUrl))}`;
  const testNote =
    'Dies ist eine Testbuchung: Es wurde kein Geld bewegt, die Tickets sind als TEST markiert.';
  return ticketMail(input, {
    subject: `Deine Tickets: ${event.title}`,
    heading: 'Deine Buchung ist bestätigt',
    intro,
    facts,
    attached,
    testNote,
    closingNote: 'Du kannst deine Tickets unter „Meine Tickets“ herunterladen oder stornieren.',
  });
}

/** Presence: the entry; online: no entry time, but where the access link is (docs/decisions/019-online-links.md). */
function howToJoin(mode: MailEvent['mode'], hasLink: boolean): string {
  if (mode !== 'online')
    return 'Zeige das Ticket beim Einlass vor (ausgedruckt oder auf dem Handy); der Einlass beginnt 15 Minuten vor Beginn.';
  return hasLink
    ? 'Den Zugangslink findest du auch jederzeit unter „Meine Tickets“.'
    : ONLINE_LINK_TEXTS.pending;
}
