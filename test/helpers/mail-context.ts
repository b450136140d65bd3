import type { MailContext } from '../../src/server/core/mail/templates/mail-context';

/** The mail context of jobs and use cases called directly in tests (no settings store involved). */
export const TEST_MAIL: MailContext = {
  siteName: 'Wachstumsraum',
  logoUrl: 'http://localhost:3000/logo.svg',
  supportEmail: 'hallo@wachstumsraum.example',
  publicUrl: 'http://localhost:3000',
};
