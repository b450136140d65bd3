import { button, heading, note, paragraph, urlFallback } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface AdminCreatedMailInput {
  context: MailContext;
  /** The address the owner signs in with. */
  email: string;
  name?: string;
}

/**
 * Owner setup (docs/product/admin.md#owner-setup): confirms the admin account and shows the way in; there is
 * no password.
 */
export function adminCreatedMail({ context, email, name }: AdminCreatedMailInput): MailContent {
  const { siteName } = context;
  const loginUrl = `${context.publicUrl}/login`;
  const greeting = name?.trim() ? `Hallo ${name.trim()},` : 'Hallo,';
  const intro = `dein Admin-Zugang für ${siteName} ist eingerichtet.`;
  const how = `Du meldest dich ohne Passwort an: Gib auf der Anmeldeseite ${email} ein, und wir schicken dir einen Anmeldecode.`;
  const ignore = `Du hast das nicht eingerichtet? Dann melde dich bitte bei ${context.supportEmail}.`;
  const bodyHtml = markup`${heading('Dein Admin-Zugang ist eingerichtet')}
${paragraph(greeting)}
${paragraph(intro)}
${paragraph(how)}
${button(loginUrl, 'Zur Anmeldung')}
${urlFallback(loginUrl)}
${note(ignore)}`;
  const bodyText = [
    'Dein Admin-Zugang ist eingerichtet',
    '',
    greeting,
    intro,
    '',
    how,
    '',
    `Zur Anmeldung: ${loginUrl}`,
    '',
    ignore,
  ].join('\n');
  return {
    subject: 'Dein Admin-Zugang ist eingerichtet',
    ...renderWithContext(context, {
      preheader: `Melde dich jetzt bei ${siteName} an.`,
      bodyHtml,
      bodyText,
    }),
  };
}
