import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { heading, note, paragraph } from './mail-blocks';
import { formatCents, mailWhen, type BookingMailInput } from './booking-mail-parts';
import type { MailContent } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface PaymentRefundedMailInput extends BookingMailInput {
  holderName: string;
  amountCents: number;
  currency: string;
}

/**
 * A payment that arrived after its seat hold expired while the seats went to someone else is
 * refunded automatically, and the buyer is told so (docs/product/payments.md#late-payment).
 */
export function paymentRefundedMail(input: PaymentRefundedMailInput): MailContent {
  const { context, event } = input;
  const amount = formatCents(input.amountCents, input.currency);
  const intro = `deine Zahlung für „${event.title}“ (${mailWhen(event)}, ${ORDER_NUMBER_LABEL} ${input.orderNumber}) ist leider erst nach Ablauf der 15-minütigen Platzreservierung bei uns eingegangen. In der Zwischenzeit wurden die Plätze vergeben, daher konnten wir keine Tickets ausstellen.`;
  const refund = `Wir erstatten dir den vollen Betrag von ${amount} automatisch auf dein Zahlungsmittel. Je nach Bank dauert die Gutschrift einige Tage.`;
  const bodyHtml = markup`${heading('Deine Zahlung wird erstattet')}
${paragraph(`Hallo ${input.holderName},`)}
${paragraph(intro)}
${paragraph(refund)}
${note(`Das tut uns leid. Bei Fragen erreichst du uns unter ${context.supportEmail}.`)}`;
  const bodyText = [
    'Deine Zahlung wird erstattet',
    '',
    `Hallo ${input.holderName},`,
    '',
    intro,
    '',
    refund,
    '',
    `Bei Fragen erreichst du uns unter ${context.supportEmail}.`,
  ].join('\n');
  return {
    subject: `Deine Zahlung wird erstattet: ${event.title}`,
    ...renderWithContext(context, { preheader: `Volle Erstattung von ${amount}`, bodyHtml, bodyText }),
  };
}
