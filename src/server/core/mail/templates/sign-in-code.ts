import { button, codeBox, heading, note, paragraph, urlFallback } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface SignInCodeMailInput {
  context: MailContext;
  /** The 6-digit one-time code (docs/product/accounts-and-consent.md#code-rules). */
  code: string;
  /** Optional one-click alternative to typing the code. */
  magicLinkUrl?: string;
  minutesValid?: number;
}

export function signInCodeMail({
  context,
  code,
  magicLinkUrl,
  minutesValid = 10,
}: SignInCodeMailInput): MailContent {
  const { siteName } = context;
  const validity = `Der Code ist ${minutesValid} Minuten gültig und kann nur einmal verwendet werden.`;
  const ignore =
    'Du hast keine Anmeldung angefordert? Dann kannst du diese E-Mail einfach ignorieren – ohne den Code kann sich niemand anmelden. Gib den Code nie an andere weiter.';
  const bodyHtml = markup`${heading('Dein Anmeldecode')}
${paragraph(`Gib diesen Code bei ${siteName} ein, um dich anzumelden:`)}
${codeBox(code)}
${paragraph(validity)}
${magicLinkUrl ? [paragraph('Oder melde dich direkt mit einem Klick an:'), button(magicLinkUrl, 'Jetzt anmelden'), urlFallback(magicLinkUrl)] : []}
${note(ignore)}`;
  const bodyText = [
    'Dein Anmeldecode',
    '',
    `Gib diesen Code bei ${siteName} ein, um dich anzumelden:`,
    '',
    `    ${code}`,
    '',
    validity,
    ...(magicLinkUrl ? ['', 'Oder melde dich direkt mit diesem Link an:', magicLinkUrl] : []),
    '',
    ignore,
  ].join('\n');
  return {
    subject: `Dein Anmeldecode: ${code}`,
    ...renderWithContext(context, {
      preheader: `Dein Code für ${siteName} – ${minutesValid} Minuten gültig.`,
      bodyHtml,
      bodyText,
    }),
  };
}
