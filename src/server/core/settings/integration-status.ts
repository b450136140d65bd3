import type { IntegrationStatus } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import type { Config } from '../../config';
import type { SecretStatus } from './secret-store';

/**
 * GET /api/admin/settings/status: which mail and payment provider this server uses
 * (docs/architecture.md#adapters). SMTP when SMTP_URL is set, else the dev mailbox; Stripe when a secret key
 * is set (admin settings first, then STRIPE_SECRET_KEY; docs/product/payments.md#which-stripe-key), else the
 * test provider outside production, else none, and paid events cannot be booked
 * (docs/product/payments.md#no-provider).
 */
export function integrationStatus(options: {
  config: Pick<Config, 'production' | 'smtpUrl' | 'stripe'>;
  settings: AppSettings;
  secrets: SecretStatus;
}): IntegrationStatus {
  const { config, settings, secrets } = options;
  const source = (stored: boolean, env: string | undefined) => (stored ? 'settings' : env ? 'env' : null);
  const secretKeySource = source(secrets.stripeSecretKey.set, config.stripe.secretKey);
  const publishableKeySource = source(
    settings.integrations.stripePublishableKey !== '',
    config.stripe.publishableKey,
  );
  const webhookSecretSource = source(secrets.stripeWebhookSecret.set, config.stripe.webhookSecret);
  const provider = secretKeySource ? 'stripe' : config.production ? 'none' : 'test';
  return {
    production: config.production,
    mail: { provider: config.smtpUrl ? 'smtp' : 'devbox' },
    payments: {
      provider,
      secretKeySource,
      publishableKeySource,
      webhookSecretSource,
      paidBookingsPossible: provider === 'test' || (provider === 'stripe' && publishableKeySource !== null),
    },
  };
}
