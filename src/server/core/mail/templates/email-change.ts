import { button, heading, note, paragraph, urlFallback } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface EmailChangeMailInput {
  context: MailContext;
  /** Confirmation link; the change takes effect only when it is opened. */
  url: string;
  newEmail: string;
}

/** Sent to the new address, which proves that its owner asked for the change. */
export function emailChangeMail({ context, url, newEmail }: EmailChangeMailInput): MailContent {
  const { siteName } = context;
  const intro = `Du möchtest die E-Mail-Adresse deines Kontos bei ${siteName} auf ${newEmail} ändern. Bitte bestätige die neue Adresse:`;
  const ignore =
    'Du hast das nicht angefordert? Dann ignoriere diese E-Mail – deine bisherige Adresse bleibt unverändert.';
  const bodyHtml = markup`${heading('Neue E-Mail-Adresse bestätigen')}
${paragraph(intro)}
${button(url, 'E-Mail-Adresse bestätigen')}
${urlFallback(url)}
${note(ignore)}`;
  const bodyText = ['Neue E-Mail-Adresse bestätigen', '', intro, url, '', ignore].join('\n');
  return {
    subject: 'Bitte bestätige deine neue E-Mail-Adresse',
    ...renderWithContext(context, {
      preheader: `Bestätige ${newEmail} als neue Adresse für ${siteName}.`,
      bodyHtml,
      bodyText,
    }),
  };
}
