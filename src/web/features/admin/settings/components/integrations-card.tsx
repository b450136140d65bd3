import { useState } from 'react';
import { integrationSettingsSchema, type IntegrationStatus } from '@shared/admin-settings';
import { LoadingText, SaveFooter, SettingsCard } from '@web/components/ui/settings-card';
import { Badge } from '@web/components/ui/badge';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useAdminSettings } from '../api/get-admin-settings';
import { useIntegrationStatus } from '../api/get-integration-status';
import { useSaveIntegrations } from '../api/save-integrations';
import { loadErrorOf } from './server-message';
import { useSettingsSave } from './use-settings-save';
import { Input } from '@web/components/ui/input';

/**
 * 'Integrationen': the Stripe publishable key (docs/product/payments.md#publishable-key), and which mail
 * and payment provider this server uses (docs/product/payments.md#which-stripe-key).
 */
export function IntegrationsCard() {
  const stored = useAdminSettings().data?.settings.integrations.stripePublishableKey;
  return (
    <SettingsCard id="integrations" title="Integrationen">
      <div className="flex flex-col gap-6">
        <ProviderStatus />
        {stored !== undefined && <PublishableKeyForm initial={stored} />}
      </div>
    </SettingsCard>
  );
}

function PublishableKeyForm({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const save = useSaveIntegrations();
  const { error, saved, submit } = useSettingsSave(integrationSettingsSchema, save.mutateAsync);

  return (
    <form
      className="flex flex-col gap-1.5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ stripePublishableKey: value });
      }}
    >
      <label htmlFor="stripe-publishable-key" className={labelClass}>
        Stripe Publishable Key
      </label>
      <Input
        size="sm"
        id="stripe-publishable-key"
        value={value}
        spellCheck={false}
        placeholder="pk_live_…"
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby="stripe-publishable-key-hint"
        className="font-mono"
      />
      <p id="stripe-publishable-key-hint" className="text-xs text-muted-foreground">
        Öffentlich (wird an den Browser gegeben). Leer lassen, um STRIPE_PUBLISHABLE_KEY aus der Umgebung zu
        nutzen.
      </p>
      <SaveFooter error={error} pending={save.isPending} saved={saved} className="mt-2" />
    </form>
  );
}

const SOURCE = { settings: 'aus den Server-Secrets', env: 'aus der Umgebung' } as const;

function paymentText(payments: IntegrationStatus['payments']): string {
  if (payments.provider === 'stripe') {
    return `Stripe (Secret Key ${SOURCE[payments.secretKeySource ?? 'env']}).`;
  }
  if (payments.provider === 'test') {
    return 'Testanbieter: Zahlungen werden nur simuliert, Tickets sind als TEST markiert. Für echte Zahlungen den Stripe Secret Key eintragen.';
  }
  return 'Keiner: Online-Zahlungen sind nicht eingerichtet, kostenpflichtige Events können nicht gebucht werden. Bitte den Stripe Secret Key unter Server-Secrets eintragen.';
}

function ProviderStatus() {
  const status = useIntegrationStatus();
  if (!status.data) return <LoadingText error={loadErrorOf(status)} />;
  const { mail, payments } = status.data;
  const warnings: string[] = [];
  if (payments.provider === 'stripe' && !payments.publishableKeySource) {
    warnings.push('Der Publishable Key fehlt: ohne ihn können kostenpflichtige Events nicht gebucht werden.');
  }
  if (payments.provider === 'stripe' && !payments.webhookSecretSource) {
    warnings.push('STRIPE_WEBHOOK_SECRET fehlt: Webhooks von Stripe können nicht geprüft werden.');
  }
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium">E-Mail-Versand</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <Badge tone={mail.provider === 'smtp' ? 'success' : 'warning'}>
          {mail.provider === 'smtp' ? 'SMTP' : 'Dev-Postfach'}
        </Badge>
        {mail.provider === 'smtp'
          ? 'E-Mails gehen über den SMTP-Server aus SMTP_URL.'
          : 'E-Mails werden nicht verschickt, sondern unter /dev/mails angezeigt (SMTP_URL ist nicht gesetzt).'}
      </dd>
      <dt className="font-medium">Zahlungen</dt>
      <dd className="flex flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <Badge
            tone={
              payments.provider === 'stripe'
                ? 'success'
                : payments.provider === 'test'
                  ? 'warning'
                  : 'destructive'
            }
          >
            {payments.provider === 'stripe'
              ? 'Stripe'
              : payments.provider === 'test'
                ? 'Testanbieter'
                : 'Keiner'}
          </Badge>
          {paymentText(payments)}
        </span>
        {warnings.map((warning) => (
          <span key={warning} className="text-destructive">
            {warning}
          </span>
        ))}
      </dd>
    </dl>
  );
}
