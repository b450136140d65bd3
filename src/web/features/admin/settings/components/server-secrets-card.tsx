import { useState } from 'react';
import {
  SECRET_FIELDS,
  SETTINGS_MESSAGES,
  type SecretsInput,
  type SecretsStatus,
} from '@shared/admin-settings';
import { SettingsCard } from '@web/components/ui/settings-card';
import { Button } from '@web/components/ui/button';
import { formatDate, formatTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useAdminSettings } from '../api/get-admin-settings';
import { useSaveSecrets } from '../api/save-secrets';
import { Input } from '@web/components/ui/input';

type Field = (typeof SECRET_FIELDS)[number];
const STATUS_OF: Record<Field, keyof SecretsStatus> = {
  STRIPE_SECRET_KEY: 'stripeSecretKey',
  STRIPE_WEBHOOK_SECRET: 'stripeWebhookSecret',
};
const PLACEHOLDER: Record<Field, string> = {
  STRIPE_SECRET_KEY: 'sk_live_…',
  STRIPE_WEBHOOK_SECRET: 'whsec_…',
};

/**
 * 'Server-Secrets' (docs/product/admin.md#secrets-encrypted): write-only fields; stored values cannot be read
 * back, only whether one is set. Only non-empty fields are sent (an empty field keeps the stored value).
 */
export function ServerSecretsCard() {
  const status = useAdminSettings().data?.secrets;
  const save = useSaveSecrets();
  const [values, setValues] = useState<Record<Field, string>>({
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  });

  const submit = async () => {
    const input: SecretsInput = {};
    for (const field of SECRET_FIELDS) if (values[field].trim()) input[field] = values[field].trim();
    if (Object.keys(input).length === 0) {
      toast.error(SETTINGS_MESSAGES.noSecret);
      return;
    }
    try {
      await save.mutateAsync(input);
      setValues({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
      toast.success(SETTINGS_MESSAGES.secretsSaved);
    } catch (error) {
      // the failure title; the server's reason, if any, beneath it
      const reason = messageOf(error, '');
      toast.error(SETTINGS_MESSAGES.secretsFailed, reason ? { description: reason } : undefined);
    }
  };

  return (
    <SettingsCard
      id="secrets"
      title="Server-Secrets"
      description="Werden verschlüsselt gespeichert und können nicht wieder angezeigt werden. Leere Felder lassen den gespeicherten Wert unverändert."
    >
      <form
        className="flex flex-col gap-4"
        autoComplete="off"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {SECRET_FIELDS.map((field) => {
          const state = status?.[STATUS_OF[field]];
          return (
            <div key={field} className="flex flex-col gap-1.5">
              <label htmlFor={`secret-${field}`} className={`${labelClass} font-mono`}>
                {field}
              </label>
              <Input
                size="sm"
                id={`secret-${field}`}
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                placeholder={PLACEHOLDER[field]}
                value={values[field]}
                onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                aria-describedby={`secret-${field}-state`}
                className="font-mono"
              />
              <p id={`secret-${field}-state`} className="text-xs text-muted-foreground">
                {state?.set && state.updatedAt
                  ? `Gesetzt (zuletzt geändert ${formatDate(state.updatedAt)}, ${formatTime(state.updatedAt)} Uhr)`
                  : 'Nicht gesetzt'}
              </p>
            </div>
          );
        })}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Wird gespeichert …' : 'Secrets speichern'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
