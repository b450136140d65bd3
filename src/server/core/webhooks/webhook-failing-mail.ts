import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from '@shared/webhooks';
import { button, heading, paragraph } from '../mail/templates/mail-blocks';
import { factsTable, factsText } from '../mail/templates/booking-mail-parts';
import type { MailContent, MailContext } from '../mail/templates/mail-context';
import { renderWithContext } from '../mail/templates/layout-for';
import { markup } from '../mail/templates/safe-html';

/**
 * The one mail to the admins when a webhook endpoint starts failing: a delivery gave up after its last attempt
 * (docs/product/webhooks.md#failing). The next failures send none until a delivery succeeds again.
 */
export function webhookFailingMail(input: {
  context: MailContext;
  url: string;
  description: string;
  eventType: string;
  attempts: number;
  lastError: string;
}): MailContent {
  const { context } = input;
  const intro =
    'eine Nachricht an deinen Webhook konnte auch nach mehreren Versuchen nicht zugestellt werden. Weitere Nachrichten an ihn werden weiter versucht; wir schreiben dir erst wieder, wenn er zwischendurch funktioniert hat. Im Zustellprotokoll kannst du fehlgeschlagene Nachrichten erneut senden.';
  const label = WEBHOOK_EVENT_LABELS[input.eventType as WebhookEventType] ?? input.eventType;
  const facts: [string, string][] = [
    ['Webhook', input.description ? `${input.description} (${input.url})` : input.url],
    ['Ereignis', `${label} (${input.eventType})`],
    ['Versuche', String(input.attempts)],
    ['Letzter Fehler', input.lastError],
  ];
  const url = `${context.publicUrl}/admin/settings#webhooks`;
  const bodyHtml = markup`${heading('Webhook schlägt fehl')}
${paragraph('Hallo,')}
${paragraph(intro)}
${factsTable(facts)}
${button(url, 'Webhooks ansehen')}`;
  const bodyText = ['Webhook schlägt fehl', '', 'Hallo,', '', intro, '', factsText(facts), '', url].join(
    '\n',
  );
  return {
    subject: `Webhook schlägt fehl: ${input.url}`,
    ...renderWithContext(context, { preheader: input.lastError, bodyHtml, bodyText }),
  };
}
