import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { Logger } from '../../logger';
import { enqueueMail } from '../mail/enqueue-mail';
import { mailContextFrom } from '../mail/templates/mail-context';
import { magicLinkMail } from '../mail/templates/magic-link';
import { signInCodeMail } from '../mail/templates/sign-in-code';
import type { SettingsStore } from '../settings/settings-store';
import { CODE_MINUTES_VALID, MAGIC_LINK_MINUTES_VALID, type AuthMailer } from './auth';

interface AuthMailerOptions {
  db: Db;
  config: Config;
  settings: SettingsStore;
  logger: Logger;
  /** Whether mails stay in the dev mailbox: then the code is also logged (docs/architecture.md#adapters). */
  devMailbox: boolean;
  /** Sends the outbox soon instead of at the worker's next round. */
  kick: () => void;
}

export function magicLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/magic-link?token=${encodeURIComponent(token)}`;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * Sign-in mails go through the outbox like every other mail, so an SMTP hiccup only delays them. They are
 * marked secret until the code or link expires (docs/decisions/017-input-edge-and-leaks.md).
 */
export function createAuthMailer({
  db,
  config,
  settings,
  logger,
  devMailbox,
  kick,
}: AuthMailerOptions): AuthMailer {
  const context = async () => mailContextFrom(await settings.get(), config);
  return {
    async sendSignInCode(email, code) {
      const mail = signInCodeMail({ context: await context(), code, minutesValid: CODE_MINUTES_VALID });
      await enqueueMail(db, { to: email, ...mail, secretUntil: minutesFromNow(CODE_MINUTES_VALID) });
      if (devMailbox) logger.info({ to: email, code }, 'Anmeldecode (Entwickler-Postfach)');
      kick();
    },
    async sendMagicLink(email, token) {
      const url = magicLinkUrl(config.publicUrl, token);
      const mail = magicLinkMail({ context: await context(), url, minutesValid: MAGIC_LINK_MINUTES_VALID });
      await enqueueMail(db, { to: email, ...mail, secretUntil: minutesFromNow(MAGIC_LINK_MINUTES_VALID) });
      if (devMailbox) logger.info({ to: email, url }, 'Anmeldelink (Entwickler-Postfach)');
      kick();
    },
  };
}
