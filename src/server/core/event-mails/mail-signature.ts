import type { AppSettings } from '@shared/settings';

/**
 * The sender's signature under rule mails and messages (docs/product/event-mails.md#signature), from the
 * settings (card 'Automatische E-Mails'); '' when none is set.
 */
export function mailSignatureOf(settings: AppSettings): string {
  return settings.mailSignature.text.trim();
}
