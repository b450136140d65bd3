import { button, heading, note, paragraph, urlFallback } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface MagicLinkMailInput {
  context: MailContext;
  url: string;
  minutesValid: number;
}

export function magicLinkMail({ context, url, minutesValid }: MagicLinkMailInput): MailContent {
  const { siteName } = context;
  const validity = `Der Link ist ${minutesValid} Minuten gültig und kann nur einmal verwendet werden.`;
  const ignore =
    'Du hast keine Anmeldung angefordert? Dann kannst du diese E-Mail einfach ignorieren – ohne den Link kann sich niemand anmelden.';
  const bodyHtml = markup`${heading(`Anmelden bei ${siteName}`)}
${paragraph('Klicke auf den Button, um dich ohne Passwort anzumelden:')}
${button(url, 'Jetzt anmelden')}
${paragraph(validity)}
${urlFallback(url)}
${note(ignore)}`;
  const bodyText = [
    `Anmelden bei ${siteName}`,
    '',
    'Öffne diesen Link, um dich ohne Passwort anzumelden:',
    url,
    '',
    validity,
    '',
    ignore,
  ].join('\n');
  return {
    subject: `Dein Anmeldelink für ${siteName}`,
    ...renderWithContext(context, {
      preheader: `Mit einem Klick anmelden – ${minutesValid} Minuten gültig.`,
      bodyHtml,
      bodyText,
    }),
  };
}
