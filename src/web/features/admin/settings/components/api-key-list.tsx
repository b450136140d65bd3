import { useState } from 'react';
import { API_SCOPE_LABELS, type ApiKeyView } from '@shared/api-keys';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { serverMessage } from './server-message';

/** The keys: active ones first, then the revoked ones (docs/product/api.md#key-list). */
export function ApiKeyList({ keys }: { keys: ApiKeyView[] }) {
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const revoke = useRevokeApiKey();
  if (keys.length === 0) {
    return <p className="text-sm text-muted-foreground">Noch keine API-Schlüssel.</p>;
  }
  const confirm = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(`„${revoking.name}“ ist widerrufen.`);
    } catch (error) {
      toast.error(serverMessage(error) ?? 'Der Schlüssel konnte nicht widerrufen werden.');
    } finally {
      setRevoking(null);
    }
  };
  return (
    <>
      <ul aria-label="API-Schlüssel" className="divide-y divide-border rounded-lg border border-border">
        {keys.map((key) => (
          <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`font-medium ${key.revokedAt ? 'text-muted-foreground line-through' : ''}`}>
                  {key.name}
                </span>
                <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{key.prefix}…</code>
                {key.revokedAt && <Badge tone="destructive">Widerrufen</Badge>}
              </div>
              <div className="flex flex-wrap gap-1.5">
                {key.scopes.map((scope) => (
                  <Badge key={scope} tone="primary">
                    {API_SCOPE_LABELS[scope]}
                  </Badge>
                ))}
              </div>
              <p className="text-xs text-muted-foreground">
                Erstellt am {formatDateTimeShort(key.createdAt)}
                {key.createdBy ? ` von ${key.createdBy}` : ''} ·{' '}
                {key.lastUsedAt
                  ? `Zuletzt benutzt am ${formatDateTimeShort(key.lastUsedAt)}`
                  : 'Noch nie benutzt'}
                {key.revokedAt ? ` · Widerrufen am ${formatDateTimeShort(key.revokedAt)}` : ''}
              </p>
            </div>
            {!key.revokedAt && (
              <Button variant="secondary" size="sm" onClick={() => setRevoking(key)}>
                Widerrufen
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={`„${revoking?.name ?? ''}“ widerrufen?`}
        description="Programme, die diesen Schlüssel benutzen, bekommen ab sofort keinen Zugriff mehr. Das kann nicht rückgängig gemacht werden."
        confirmLabel="Widerrufen"
        busyLabel="Wird widerrufen …"
        onCancel={() => setRevoking(null)}
        onConfirm={confirm}
      />
    </>
  );
}
