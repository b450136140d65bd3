import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreatedApiKey } from '@shared/api-keys';
import { CopyButton } from '@web/components/bank-transfer/copy-button';
import { Button } from '@web/components/ui/button';
import { SettingsCard } from '@web/components/ui/settings-card';
import { API_KEYS_KEY, useApiKeys } from '../api/get-api-keys';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyList } from './api-key-list';
import { loadFailedText } from './server-message';

/**
 * Card 'API-Schlüssel' (docs/product/api.md#keys): the keys with their scopes and last use, a new one (its secret
 * shown once, here), and revoking.
 */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const queryClient = useQueryClient();
  // the new key may have been tried meanwhile: its 'Zuletzt benutzt' is read again
  const done = () => {
    setCreated(null);
    void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
  };
  return (
    <SettingsCard
      id="api-keys"
      title="API-Schlüssel"
      description={
        <>
          Für andere Programme, die über die REST-API Veranstaltungen, Buchungen und Tickets lesen, Tickets
          stornieren oder einchecken. Wie das geht, steht in der{' '}
          <a className="underline" href="/api/v1/docs" target="_blank" rel="noreferrer">
            API-Dokumentation
          </a>
          .
        </>
      }
      loading={!keys.data}
      loadError={keys.error ? loadFailedText(keys.error) : null}
    >
      <div className="flex flex-col gap-6">
        {created && <NewKeySecret created={created} onDone={done} />}
        <ApiKeyList keys={keys.data ?? []} />
        <ApiKeyForm onCreated={setCreated} />
      </div>
    </SettingsCard>
  );
}

/** The new key's secret, this once (docs/product/api.md#keys). */
function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-success bg-success-bg p-4 text-sm"
    >
      <p className="font-medium text-success">Schlüssel „{created.key.name}“ erstellt</p>
      <p>Kopiere ihn jetzt und bewahre ihn sicher auf: Er wird nur dieses eine Mal angezeigt.</p>
      <div className="flex items-center gap-2">
        <code
          aria-label="Neuer API-Schlüssel"
          className="min-w-0 flex-1 select-all break-all rounded-lg border border-input bg-card px-3 py-2 font-mono text-xs text-card-foreground"
        >
          {created.secret}
        </code>
        <CopyButton label="API-Schlüssel" value={created.secret} />
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Fertig
        </Button>
      </div>
    </div>
  );
}
