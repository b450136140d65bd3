import { NEWSLETTER_CONSENT_TEXT } from '@shared/newsletter';
import { button, heading, link, note, paragraph, urlFallback } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface NewsletterConfirmMailInput {
  context: MailContext;
  /** Single-use double-opt-in link (docs/product/accounts-and-consent.md#newsletter-double-opt-in). */
  confirmUrl: string;
  /** Works before confirming too: whoever did not sign up can say so at once. */
  unsubscribeUrl: string;
  daysValid: number;
}

/** The unsubscribe line every newsletter mail ends with, as HTML and as plain text. */
export function unsubscribeFooter(url: string) {
  const lead = 'Du möchtest keine Newsletter-E-Mails von uns? Hier kannst du dich jederzeit abmelden:';
  return { html: note(markup`${lead}<br>${link(url, 'Vom Newsletter abmelden')}`), text: `${lead}\n${url}` };
}

export function newsletterConfirmMail({
  context,
  confirmUrl,
  unsubscribeUrl,
  daysValid,
}: NewsletterConfirmMailInput): MailContent {
  const { siteName } = context;
  const intro = `Du hast dich für den Newsletter von ${siteName} angemeldet. Bitte bestätige deine Anmeldung mit einem Klick – erst dann schicken wir dir E-Mails zu neuen Veranstaltungen.`;
  const validity = `Der Link ist ${daysValid} Tage gültig und kann nur einmal verwendet werden.`;
  const consent = `Deine Einwilligung: „${NEWSLETTER_CONSENT_TEXT}“`;
  const ignore =
    'Du hast dich nicht angemeldet? Dann ignoriere diese E-Mail – ohne Bestätigung bekommst du keinen Newsletter.';
  const unsubscribe = unsubscribeFooter(unsubscribeUrl);
  const bodyHtml = markup`${heading('Bitte bestätige deine Anmeldung')}
${paragraph(intro)}
${button(confirmUrl, 'Anmeldung bestätigen')}
${urlFallback(confirmUrl)}
${paragraph(validity)}
${note(consent)}
${note(ignore)}
${unsubscribe.html}`;
  const bodyText = [
    'Bitte bestätige deine Anmeldung',
    '',
    intro,
    '',
    'Anmeldung bestätigen:',
    confirmUrl,
    '',
    validity,
    '',
    consent,
    '',
    ignore,
    '',
    unsubscribe.text,
  ].join('\n');
  return {
    subject: 'Bitte bestätige deine Anmeldung',
    ...renderWithContext(context, {
      preheader: `Nur noch ein Klick: bestätige deinen Newsletter von ${siteName}.`,
      bodyHtml,
      bodyText,
    }),
  };
}
