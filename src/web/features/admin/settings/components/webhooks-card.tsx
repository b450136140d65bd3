import { Plus } from 'lucide-react';
import { useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_STATUS_LABELS,
  WEBHOOK_TEST_TYPE,
  webhookEndpointInputSchema,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@shared/webhooks';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';
import { Input } from '@web/components/ui/input';
import { SettingsCard } from '@web/components/ui/settings-card';
import { checkboxClass } from '@web/features/admin/kit/admin-styles';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { formatDateTimeShort } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import {
  fetchWebhookSecret,
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { loadErrorOf, serverMessage } from './server-message';

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  sent: 'success',
  failed: 'destructive',
};

const typeLabel = (type: string) =>
  type === WEBHOOK_TEST_TYPE ? 'Testnachricht' : (WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type);

/**
 * 'Webhooks' (docs/product/webhooks.md#endpoints): the endpoints with their event types, the secret shown once
 * and on demand (docs/product/webhooks.md#secret), 'Testnachricht senden' (docs/product/webhooks.md#test-message)
 * and each endpoint's delivery log with 'Erneut senden' (docs/product/webhooks.md#delivery-log).
 */
export function WebhooksCard() {
  const list = useWebhookEndpoints();
  const endpoints = list.data;
  const [editing, setEditing] = useState<WebhookEndpointView | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string; created: boolean } | null>(null);
  return (
    <SettingsCard
      id="webhooks"
      title="Webhooks"
      description="Wir melden deinen Systemen per HTTP-POST, wenn etwas passiert: signiert nach dem Standard-Webhooks-Verfahren, bei Fehlern bis zu 28 Stunden lang erneut versucht. Es werden nur IDs, Bestellnummern und Beträge gesendet, keine Namen oder E-Mail-Adressen."
      loading={!endpoints}
      loadError={loadErrorOf(list)}
    >
      <div className="flex flex-col gap-4">
        {endpoints && endpoints.length === 0 && (
          <p className="text-sm text-muted-foreground">Noch keine Webhooks.</p>
        )}
        {endpoints && endpoints.length > 0 && (
          <ul aria-label="Webhooks" className="flex flex-col gap-4">
            {endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onEdit={() => setEditing(endpoint)}
                onSecret={(value) => setSecret({ url: endpoint.url, secret: value, created: false })}
              />
            ))}
          </ul>
        )}
        <div>
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden />
            Webhook hinzufügen
          </Button>
        </div>
      </div>
      {editing && (
        <EndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(url, value) => setSecret({ url, secret: value, created: true })}
        />
      )}
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </SettingsCard>
  );
}

function EndpointItem({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteWebhook();
  const test = useSendTestWebhook();
  const update = useUpdateWebhook();
  const label = endpoint.description || endpoint.url;

  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        if (delivery.status === 'sent')
          toast.success(`Testnachricht zugestellt (${delivery.lastStatusCode}).`);
        else toast.error('Testnachricht nicht zugestellt.', { description: delivery.lastError ?? undefined });
        setLogOpen(true);
      },
      onError: (error) => toast.error(messageOf(error, 'Testnachricht konnte nicht gesendet werden.')),
    });
  const showSecret = async () => {
    try {
      onSecret((await fetchWebhookSecret(endpoint.id)).secret);
    } catch (error) {
      toast.error(messageOf(error, M.loadFailed));
    }
  };
  const toggleActive = () =>
    update.mutate(
      { id: endpoint.id, active: !endpoint.active },
      {
        onSuccess: () => toast.success(endpoint.active ? 'Webhook deaktiviert.' : 'Webhook aktiviert.'),
        onError: (error) => toast.error(messageOf(error, M.saveFailed)),
      },
    );

  return (
    <li
      aria-label={`Webhook ${label}`}
      className="flex flex-col gap-2 rounded-xl border border-border p-4 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          {endpoint.description && <span className="font-medium">{endpoint.description}</span>}
          <span className="break-all font-mono text-xs text-muted-foreground">{endpoint.url}</span>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {endpoint.active ? <Badge tone="success">Aktiv</Badge> : <Badge>Deaktiviert</Badge>}
          {endpoint.failingSince && (
            <Badge tone="destructive">Schlägt fehl seit {formatDateTimeShort(endpoint.failingSince)}</Badge>
          )}
          {endpoint.pendingCount > 0 && <Badge tone="warning">{endpoint.pendingCount} wartend</Badge>}
        </div>
      </div>
      <p className="text-muted-foreground">
        {endpoint.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(' · ')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Bearbeiten
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void showSecret()}>
          Geheimnis anzeigen
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!endpoint.active || test.isPending}
          onClick={sendTest}
        >
          {test.isPending ? 'Wird gesendet …' : 'Testnachricht senden'}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
          {logOpen ? 'Protokoll ausblenden' : 'Zustellprotokoll'}
        </Button>
        <Button size="sm" variant="ghost" disabled={update.isPending} onClick={toggleActive}>
          {endpoint.active ? 'Deaktivieren' : 'Aktivieren'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
          Löschen
        </Button>
      </div>
      {logOpen && <DeliveryLog endpoint={endpoint} />}
      <ConfirmDialog
        open={deleting}
        title="Webhook wirklich löschen?"
        description="Das Zustellprotokoll wird mitgelöscht; wartende Nachrichten werden nicht mehr gesendet."
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(endpoint.id);
            toast.success(M.deleted);
          } catch (error) {
            toast.error(messageOf(error, M.saveFailed));
          }
          setDeleting(false);
        }}
      />
    </li>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const log = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery();
  if (!log.data) {
    return <p className="text-muted-foreground">{log.isError ? 'Fehler beim Laden' : 'Wird geladen …'}</p>;
  }
  if (log.data.length === 0) return <p className="text-muted-foreground">Noch keine Zustellungen.</p>;
  const again = (delivery: WebhookDeliveryView) =>
    resend.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => toast.success(M.resent),
        onError: (error) => toast.error(messageOf(error, M.saveFailed)),
      },
    );
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-semibold">Zustellprotokoll</h3>
      <p className="text-xs text-muted-foreground">Die letzten 50 Zustellungen, neueste zuerst.</p>
      <ul
        aria-label={`Zustellprotokoll ${endpoint.description || endpoint.url}`}
        className="divide-y divide-border"
      >
        {log.data.map((delivery) => (
          <li key={delivery.id} className="flex flex-col gap-1 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="tabular-nums">{formatDateTimeShort(delivery.createdAt)}</span> ·{' '}
                <span className="font-medium">{typeLabel(delivery.eventType)}</span>
              </span>
              <Badge tone={STATUS_TONES[delivery.status]}>{WEBHOOK_STATUS_LABELS[delivery.status]}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {delivery.lastStatusCode !== null && `Status ${delivery.lastStatusCode} · `}
              {delivery.attempts === 1 ? '1 Versuch' : `${delivery.attempts} Versuche`}
              {delivery.nextAttemptAt &&
                delivery.attempts > 0 &&
                ` · nächster Versuch ${formatDateTimeShort(delivery.nextAttemptAt)}`}
              <span className="font-mono"> · ID {delivery.id}</span>
            </p>
            {delivery.lastError && delivery.status !== 'sent' && (
              <p className="break-words text-xs text-destructive">{delivery.lastError}</p>
            )}
            {delivery.status !== 'pending' && endpoint.active && (
              <div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={resend.isPending}
                  aria-label={`Erneut senden: ${typeLabel(delivery.eventType)} vom ${formatDateTimeShort(delivery.createdAt)}`}
                  onClick={() => again(delivery)}
                >
                  Erneut senden
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onCreated: (url: string, secret: string) => void;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.eventTypes ?? ['booking.paid']);
  const [errors, setErrors] = useState<{ url?: string; description?: string; types?: string; form?: string }>(
    {},
  );
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    const parsed = webhookEndpointInputSchema.safeParse({ url, description, eventTypes: types });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'eventTypes' ? 'types' : (issue.path[0] as 'url' | 'description');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, ...parsed.data, active: undefined });
        toast.success(M.saved);
      } else {
        const created = await create.mutateAsync(parsed.data);
        onCreated(created.url, created.secret);
      }
      onClose();
    } catch (error) {
      const message = serverMessage(error) ?? M.saveFailed;
      setErrors(
        message.includes('URL') || message.includes('Adresse') || message.includes('Rechner')
          ? { url: message }
          : { form: message },
      );
    }
  };

  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      title={endpoint ? 'Webhook bearbeiten' : 'Webhook hinzufügen'}
      description="Die URL muss aus dem Internet erreichbar sein; Adressen in privaten Netzen sind nicht erlaubt."
      width="lg"
    >
      <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
        <Field label="URL" required error={errors.url} errorAlert>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.org/webhooks/ticketshop"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </Field>
        <Field
          label="Beschreibung"
          hint="Optional, z. B. 'CRM' oder 'Newsletter-Tool'."
          error={errors.description}
        >
          <Input
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.types ? 'webhook-types-error' : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Ereignisse</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={types.includes(type)}
                onChange={(event) =>
                  setTypes(event.target.checked ? [...types, type] : types.filter((t) => t !== type))
                }
              />
              {WEBHOOK_EVENT_LABELS[type]}{' '}
              <span className="font-mono text-xs text-muted-foreground">{type}</span>
            </label>
          ))}
          {errors.types && <ErrorText id="webhook-types-error">{errors.types}</ErrorText>}
        </fieldset>
        {errors.form && <ErrorText>{errors.form}</ErrorText>}
        <DialogActions
          onCancel={onClose}
          busy={busy}
          submitLabel={endpoint ? 'Speichern' : 'Webhook anlegen'}
          busyLabel="Wird gespeichert …"
        />
      </Form>
    </FormDialog>
  );
}

function SecretDialog({
  shown,
  onClose,
}: {
  shown: { url: string; secret: string; created: boolean } | null;
  onClose: () => void;
}) {
  const copy = async () => {
    if (!shown || !navigator.clipboard)
      return void toast.error('Kopieren geht hier nicht. Bitte markiere den Text.');
    await navigator.clipboard.writeText(shown.secret);
    toast.success('Kopiert');
  };
  return (
    <FormDialog
      open={shown !== null}
      onClose={onClose}
      title={shown?.created ? 'Webhook angelegt' : 'Signaturgeheimnis'}
      description={`Mit diesem Geheimnis prüft dein System die Signatur (Header webhook-signature) der Nachrichten an ${shown?.url ?? ''}. Behandle es wie ein Passwort.`}
      width="lg"
    >
      <div className="mt-4 flex flex-col gap-3">
        <code className="block break-all rounded-lg bg-muted p-3 font-mono text-sm">{shown?.secret}</code>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void copy()}>
            Kopieren
          </Button>
          <Button onClick={onClose}>Fertig</Button>
        </div>
      </div>
    </FormDialog>
  );
}
