import type { AppSettings } from '@shared/settings';

/**
 * The sender's signature under rule mails and messages (docs/product/event-mails.md#signature), from the
 * settings. TODO(helper): read the settings key once it exists.
 */
export function mailSignatureOf(_settings: AppSettings): string {
  return '';
}
