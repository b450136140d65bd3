import { button, heading, note, paragraph, urlFallback } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface EmailChangeTakenMailInput {
  context: MailContext;
  /** The address that was asked for, which already belongs to an account. */
  email: string;
}

/**
 * Sent instead of the confirmation link when the asked-for address already has an account: the answer to
 * the requester is the same either way, so only the owner of the address learns that it is taken
 * (docs/decisions/017-input-edge-and-leaks.md).
 */
export function emailChangeTakenMail({ context, email }: EmailChangeTakenMailInput): MailContent {
  const { siteName, publicUrl } = context;
  const loginUrl = `${publicUrl}/login`;
  const intro = `Jemand hat bei ${siteName} versucht, die E-Mail-Adresse ${email} für ein anderes Konto einzutragen. Zu dieser Adresse gibt es bereits ein Konto, deshalb wurde nichts geändert.`;
  const own = 'Warst du das? Dann melde dich einfach mit dieser Adresse an:';
  const ignore = 'Warst du das nicht? Dann musst du nichts tun – dein Konto bleibt unverändert.';
  const bodyHtml = markup`${heading('Deine E-Mail-Adresse hat bereits ein Konto')}
${paragraph(intro)}
${paragraph(own)}
${button(loginUrl, 'Jetzt anmelden')}
${urlFallback(loginUrl)}
${note(ignore)}`;
  const bodyText = [
    'Deine E-Mail-Adresse hat bereits ein Konto',
    '',
    intro,
    '',
    own,
    loginUrl,
    '',
    ignore,
  ].join('\n');
  return {
    subject: `Deine E-Mail-Adresse hat bereits ein Konto bei ${siteName}`,
    ...renderWithContext(context, {
      preheader: 'Jemand wollte diese Adresse für ein anderes Konto verwenden. Es wurde nichts geändert.',
      bodyHtml,
      bodyText,
    }),
  };
}
