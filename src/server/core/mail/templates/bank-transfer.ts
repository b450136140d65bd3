import { formatIban } from '@shared/bank-transfer';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { formatDate } from '@shared/date-range';
import { bookingNoticeMail, formatCents, mailWhen, type BookingMailInput } from './booking-mail-parts';
import type { MailContent } from './mail-context';

/** The four mails of a booking paid by transfer (docs/product/bank-transfer.md). */
export type BankTransferMailKind = 'instructions' | 'reminder' | 'partial' | 'cancelled';

export interface BankTransferMailInput extends BookingMailInput {
  kind: BankTransferMailKind;
  holderName: string;
  accountHolder: string;
  iban: string;
  bic: string;
  reference: string;
  /** still to pay */
  amountCents: number;
  paidCents: number;
  currency: string;
  dueAt: Date;
}

const HEADINGS: Record<BankTransferMailKind, string> = {
  instructions: 'Bitte überweise den Betrag',
  reminder: 'Erinnerung: Zahlung fällig',
  partial: 'Teilzahlung erhalten',
  cancelled: 'Buchung storniert',
};

export function bankTransferMail(input: BankTransferMailInput): MailContent {
  const { context, event, kind } = input;
  const due = formatDate(input.dueAt, event.timezone);
  const amount = formatCents(input.amountCents, input.currency);
  const intro: Record<BankTransferMailKind, string> = {
    instructions: `danke für deine Buchung für „${event.title}“. Bitte überweise ${amount} bis zum ${due}. Deine Tickets schicken wir dir, sobald das Geld bei uns ist. Mit dem angehängten GiroCode füllt deine Banking-App alles aus.`,
    reminder: `für deine Buchung für „${event.title}“ ist noch keine vollständige Zahlung eingegangen. Bitte überweise ${amount} bis zum ${due}, sonst geben wir die Plätze wieder frei.`,
    partial: `für deine Buchung für „${event.title}“ sind ${formatCents(input.paidCents, input.currency)} eingegangen, danke! Es fehlen noch ${amount}. Bitte überweise den Rest bis zum ${due}.`,
    cancelled: `für deine Buchung für „${event.title}“ ist bis zum ${due} keine Zahlung eingegangen. Wir haben die Buchung daher storniert und die Plätze wieder freigegeben. Du kannst jederzeit neu buchen, solange Plätze frei sind.`,
  };
  const facts: [string, string][] =
    kind === 'cancelled'
      ? [
          [ORDER_NUMBER_LABEL, input.orderNumber],
          ['Veranstaltung', event.title],
          ['Wann', mailWhen(event)],
        ]
      : [
          ['Betrag', amount],
          ['Kontoinhaber', input.accountHolder],
          ['IBAN', formatIban(input.iban)],
          ...(input.bic ? ([['BIC', input.bic]] as [string, string][]) : []),
          ['Verwendungszweck', input.reference],
          ['Fällig bis', due],
          [ORDER_NUMBER_LABEL, input.orderNumber],
          ['Veranstaltung', event.title],
          ['Wann', mailWhen(event)],
        ];
  const url =
    kind === 'cancelled' ? `${context.publicUrl}/event/${event.slug}` : `${context.publicUrl}/my-tickets`;
  const label = kind === 'cancelled' ? 'Zur Veranstaltung' : 'Meine Tickets ansehen';
  const subjects: Record<BankTransferMailKind, string> = {
    instructions: `Zahlungsinformationen: ${event.title}`,
    reminder: `Erinnerung: Zahlung fällig am ${due}`,
    partial: `Teilzahlung erhalten: ${event.title}`,
    cancelled: `Buchung storniert: ${event.title}`,
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
