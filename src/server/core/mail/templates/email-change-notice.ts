import { heading, note, paragraph } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface EmailChangeNoticeMailInput {
  context: MailContext;
  /** The address asked for; the account keeps the current one until the link sent there is opened. */
  newEmail: string;
}

/** Sent to the current address of an account when a change of its address is asked for. */
export function emailChangeNoticeMail({ context, newEmail }: EmailChangeNoticeMailInput): MailContent {
  const { siteName } = context;
  const intro = `Für dein Konto bei ${siteName} wurde angefordert, die E-Mail-Adresse auf ${newEmail} zu ändern. Die Änderung wird erst wirksam, wenn der Bestätigungslink geöffnet wird, den wir an die neue Adresse geschickt haben. Bis dahin bleibt diese Adresse deine Anmeldeadresse.`;
  const stranger =
    'Warst du das nicht? Dann melde dich an und speichere in deinem Profil wieder diese Adresse – damit wird die Änderung verworfen.';
  const bodyHtml = markup`${heading('Änderung deiner E-Mail-Adresse angefordert')}
${paragraph(intro)}
${note(stranger)}`;
  const bodyText = ['Änderung deiner E-Mail-Adresse angefordert', '', intro, '', stranger].join('\n');
  return {
    subject: 'Änderung deiner E-Mail-Adresse angefordert',
    ...renderWithContext(context, {
      preheader: `Für dein Konto bei ${siteName} wurde eine neue E-Mail-Adresse angefordert.`,
      bodyHtml,
      bodyText,
    }),
  };
}
