import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { formatDate, formatTime } from '@shared/date-range';
import { bookingNoticeMail, formatCents, mailWhen, type BookingMailInput } from './booking-mail-parts';
import type { MailContent } from './mail-context';

/**
 * The mails of a payment whose verdict comes late (docs/decisions/054-late-verdicts-and-returned-debits.md):
 * - processing: the bank has not decided yet, the seats stay reserved (docs/product/payments.md#processing);
 * - failed: the payment failed after all, pay again until `dueAt` (docs/product/payments.md#pay-again);
 * - returned: the debit was taken back, pay again by `dueAt` (docs/product/payments.md#returned);
 * - cancelled: not paid again by `dueAt`, the booking is cancelled (docs/product/payments.md#returned);
 * - repaid: a returned debit was paid again, the tickets stay valid (docs/product/payments.md#returned).
 */
export type LatePaymentMailKind = 'processing' | 'failed' | 'returned' | 'cancelled' | 'repaid';

export interface LatePaymentMailInput extends BookingMailInput {
  kind: LatePaymentMailKind;
  holderName: string;
  bookingId: string;
  amountCents: number;
  currency: string;
  /** until when the buyer may pay again (failed, returned) or the due date that passed (cancelled) */
  dueAt?: Date;
}

const HEADINGS: Record<LatePaymentMailKind, string> = {
  processing: 'Deine Zahlung ist in Bearbeitung',
  failed: 'Deine Zahlung ist fehlgeschlagen',
  returned: 'Deine Zahlung wurde zurückgebucht',
  cancelled: 'Buchung storniert',
  repaid: 'Zahlung eingegangen',
};

export function latePaymentMail(input: LatePaymentMailInput): MailContent {
  const { context, event, kind } = input;
  const amount = formatCents(input.amountCents, input.currency);
  const due = input.dueAt
    ? `${formatDate(input.dueAt, event.timezone)}, ${formatTime(input.dueAt, event.timezone)} Uhr`
    : '';
  const intro: Record<LatePaymentMailKind, string> = {
    processing: `danke für deine Buchung für „${event.title}“. Deine Zahlung über ${amount} ist bei uns angekommen, deine Bank hat sie aber noch nicht bestätigt. Bei einer Lastschrift dauert das einige Werktage. Deine Plätze bleiben so lange für dich reserviert. Sobald die Zahlung bestätigt ist, schicken wir dir deine Tickets und die Rechnung per E-Mail. Scheitert sie, sagen wir dir Bescheid, und du kannst noch einmal bezahlen. Du musst nichts weiter tun.`,
    failed: `deine Zahlung über ${amount} für „${event.title}“ ist leider fehlgeschlagen. Deine Plätze halten wir dir noch bis ${due} frei. Bitte bezahle bis dahin noch einmal, gern mit einer anderen Zahlungsart. Danach geben wir die Plätze wieder frei.`,
    returned: `die Zahlung über ${amount} für deine Buchung für „${event.title}“ wurde von deiner Bank zurückgebucht. Deine Tickets sind deshalb noch nicht bezahlt. Bitte bezahle den Betrag bis ${due} noch einmal, gern mit einer anderen Zahlungsart. Sonst müssen wir die Buchung stornieren, und die Tickets werden ungültig.`,
    cancelled: `für deine Buchung für „${event.title}“ ist nach der Rücklastschrift bis ${due} keine neue Zahlung eingegangen. Wir haben die Buchung daher storniert: Deine Tickets sind ungültig, und die Plätze sind wieder frei. Die Stornorechnung findest du in deinem Konto. Du kannst jederzeit neu buchen, solange Plätze frei sind.`,
    repaid: `danke: deine neue Zahlung über ${amount} für „${event.title}“ ist angekommen. Deine Buchung ist wieder vollständig bezahlt, und deine Tickets bleiben gültig. Du musst nichts weiter tun.`,
  };
  const facts: [string, string][] = [
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Betrag', amount],
    ...(kind === 'failed' || kind === 'returned' ? ([['Bezahlen bis', due]] as [string, string][]) : []),
  ];
  const payAgain = kind === 'failed' || kind === 'returned';
  const url = payAgain
    ? `${context.publicUrl}/booking/${input.bookingId}/success`
    : kind === 'cancelled'
      ? `${context.publicUrl}/event/${event.slug}`
      : `${context.publicUrl}/my-tickets`;
  const label = payAgain
    ? 'Jetzt bezahlen'
    : kind === 'cancelled'
      ? 'Zur Veranstaltung'
      : 'Meine Tickets ansehen';
  const subjects: Record<LatePaymentMailKind, string> = {
    processing: `Deine Zahlung ist in Bearbeitung: ${event.title}`,
    failed: `Zahlung fehlgeschlagen, bitte bis ${due} erneut bezahlen: ${event.title}`,
    returned: `Zahlung zurückgebucht, bitte bis ${due} erneut bezahlen: ${event.title}`,
    cancelled: `Buchung storniert: ${event.title}`,
    repaid: `Zahlung eingegangen, deine Tickets bleiben gültig: ${event.title}`,
  };
  return bookingNoticeMail({
    context,
    subject: subjects[kind],
    heading: HEADINGS[kind],
    holderName: input.holderName,
    intro: intro[kind],
    facts,
    url,
    label,
    orderNumber: input.orderNumber,
  });
}
