import type { MailContext } from './mail-context';
import { renderLayout, type LayoutInput } from './render-layout';

/** renderLayout with the shop's context filled in; every template goes through here. */
export function renderWithContext(
  context: MailContext,
  body: Pick<LayoutInput, 'preheader' | 'bodyHtml' | 'bodyText'>,
): { html: string; text: string } {
  return renderLayout({
    brand: { siteName: context.siteName, logoUrl: context.logoUrl },
    supportEmail: context.supportEmail,
    publicUrl: context.publicUrl,
    ...body,
  });
}
