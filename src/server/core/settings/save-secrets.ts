import { SETTINGS_MESSAGES, type SecretsInput } from '@shared/admin-settings';
import { AppError } from '../app-error';
import { SECRET_NAMES, type SecretStatus, type SecretStore } from './secret-store';

const NAME_OF_FIELD = {
  STRIPE_SECRET_KEY: SECRET_NAMES.stripeSecretKey,
  STRIPE_WEBHOOK_SECRET: SECRET_NAMES.stripeWebhookSecret,
} as const;

/**
 * 'Server-Secrets' (docs/product/admin.md#secrets-encrypted): only non-empty fields are stored (an empty one
 * leaves the stored value as it is); values are encrypted by the store and never answered, only which ones
 * are set.
 */
export async function saveSecrets(options: {
  secrets: SecretStore;
  input: SecretsInput;
}): Promise<SecretStatus> {
  const { secrets, input } = options;
  const given = (Object.keys(NAME_OF_FIELD) as (keyof typeof NAME_OF_FIELD)[])
    .map((field) => [NAME_OF_FIELD[field], input[field]?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '');
  if (given.length === 0) throw new AppError('bad_request', SETTINGS_MESSAGES.noSecret);
  for (const [name, value] of given) await secrets.set(name, value);
  return secrets.status();
}
