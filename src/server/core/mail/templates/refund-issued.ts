import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { heading, note, paragraph } from './mail-blocks';
import { formatCents } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface RefundIssuedMailInput {
  context: MailContext;
  holderName: string;
  /** docs/decisions/020-order-numbers.md: every booking mail names it. */
  orderNumber: string;
  eventTitle: string;
  amountCents: number;
  currency: string;
}

/** An admin refund without a cancellation (docs/product/admin.md#admin-refund): the buyer is told. */
export function refundIssuedMail(input: RefundIssuedMailInput): MailContent {
  const amount = formatCents(input.amountCents, input.currency);
  const text = `wir haben dir für deine Buchung „${input.eventTitle}“ (${ORDER_NUMBER_LABEL} ${input.orderNumber}) ${amount} erstattet. Die Gutschrift erfolgt auf das Zahlungsmittel, mit dem du bezahlt hast, und dauert je nach Bank einige Tage.`;
  const bodyHtml = markup`${heading('Erstattung veranlasst')}
${paragraph(`Hallo ${input.holderName},`)}
${paragraph(text)}
${note(`Fragen? Schreib uns an ${input.context.supportEmail}.`)}`;
  const bodyText = ['Erstattung veranlasst', '', `Hallo ${input.holderName},`, '', text].join('\n');
  return {
    subject: `Erstattung: ${input.eventTitle}`,
    ...renderWithContext(input.context, { preheader: `${amount} erstattet`, bodyHtml, bodyText }),
  };
}
