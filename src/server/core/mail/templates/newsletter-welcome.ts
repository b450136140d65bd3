import { button, heading, paragraph } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { unsubscribeFooter } from './newsletter-confirm';
import { markup } from './safe-html';

export interface NewsletterWelcomeMailInput {
  context: MailContext;
  unsubscribeUrl: string;
}

/** Sent once the confirmation link was opened. */
export function newsletterWelcomeMail({ context, unsubscribeUrl }: NewsletterWelcomeMailInput): MailContent {
  const { siteName, publicUrl } = context;
  const intro = `Deine Anmeldung ist bestätigt. Ab jetzt informieren wir dich per E-Mail über neue Veranstaltungen von ${siteName}.`;
  const meanwhile = 'Bis dahin findest du alle aktuellen Termine auf unserer Website:';
  const eventsUrl = `${publicUrl}/`;
  const unsubscribe = unsubscribeFooter(unsubscribeUrl);
  const bodyHtml = markup`${heading('Geschafft – willkommen!')}
${paragraph(intro)}
${paragraph(meanwhile)}
${button(eventsUrl, 'Veranstaltungen ansehen')}
${unsubscribe.html}`;
  const bodyText = [
    'Geschafft – willkommen!',
    '',
    intro,
    '',
    meanwhile,
    eventsUrl,
    '',
    unsubscribe.text,
  ].join('\n');
  return {
    subject: `Willkommen beim Newsletter von ${siteName}`,
    ...renderWithContext(context, {
      preheader: 'Deine Newsletter-Anmeldung ist bestätigt.',
      bodyHtml,
      bodyText,
    }),
  };
}
