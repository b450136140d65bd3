import type { StoredPaymentProvider } from '@shared/payments';
import type { Config } from '../../config';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { createStripeProvider } from '../../adapters/payments/stripe-provider';
import { createTestProvider } from '../../adapters/payments/test-provider';
import type { SettingsStore } from '../settings/settings-store';

/** Reads secrets set in the admin settings (stored encrypted, docs/product/admin.md#secrets-encrypted). */
export interface SecretReader {
  get(name: string): Promise<string | null>;
}

const SECRET_CACHE_MS = 5_000;

export const STRIPE_SECRET_NAMES = {
  secretKey: 'stripe_secret_key',
  webhookSecret: 'stripe_webhook_secret',
} as const;

/**
 * Chooses the payment provider (docs/product/payments.md#which-stripe-key,
 * docs/product/payments.md#no-provider): Stripe when a secret key is set (admin settings first, then the
 * environment), else the built-in test provider outside production, else none — then paid events cannot be
 * booked. Asked on every use, so keys saved in the admin settings apply without a restart.
 */
export class PaymentGateway {
  private readonly test = createTestProvider();
  private stripe: { secretKey: string; publishableKey: string; provider: PaymentProvider } | undefined;
  private readonly secretCache = new Map<string, { value: string | null; until: number }>();

  constructor(
    private readonly deps: {
      config: Pick<Config, 'production' | 'stripe'>;
      settings: Pick<SettingsStore, 'get'>;
      secrets?: SecretReader;
      /** Tests replace the Stripe client factory (e.g. to count calls); defaults to the real SDK. */
      createStripe?: typeof createStripeProvider;
    },
  ) {}

  /** The provider new payments go to; null when none is configured. */
  async current(): Promise<PaymentProvider | null> {
    return (await this.stripeProvider()) ?? (this.deps.config.production ? null : this.test);
  }

  /** The provider an existing payment row was made with (refunds go back the same way). */
  async byName(name: StoredPaymentProvider): Promise<PaymentProvider | null> {
    if (name === 'test') return this.test;
    if (name === 'stripe') return this.stripeProvider();
    return null;
  }

  /**
   * Stored secrets are read at most every few seconds: every booking asks which provider is active, and a
   * decrypting database read per request was measurable in the booking benchmark. A key saved in the admin
   * settings applies within SECRET_CACHE_MS.
   */
  private async secret(name: string): Promise<string | null> {
    const cached = this.secretCache.get(name);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = (await this.deps.secrets?.get(name)) ?? null;
    this.secretCache.set(name, { value, until: Date.now() + SECRET_CACHE_MS });
    return value;
  }

  async webhookSecret(): Promise<string | null> {
    return (
      (await this.secret(STRIPE_SECRET_NAMES.webhookSecret)) || this.deps.config.stripe.webhookSecret || null
    );
  }

  private async stripeProvider(): Promise<PaymentProvider | null> {
    const { stripe } = this.deps.config;
    // Keys saved in the admin settings win over the environment, so what an admin enters takes effect
    // (the settings' integration status reports the same order).
    const secretKey = (await this.secret(STRIPE_SECRET_NAMES.secretKey)) || stripe.secretKey;
    if (!secretKey) return null;
    const publishableKey =
      (await this.deps.settings.get()).integrations.stripePublishableKey || stripe.publishableKey || '';
    if (this.stripe?.secretKey !== secretKey || this.stripe.publishableKey !== publishableKey) {
      const create = this.deps.createStripe ?? createStripeProvider;
      this.stripe = {
        secretKey,
        publishableKey,
        provider: create({ secretKey, publishableKey, apiBase: stripe.apiBase }),
      };
    }
    return this.stripe.provider;
  }
}
