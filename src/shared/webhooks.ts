import { z } from 'zod';

// Outgoing webhooks ('Webhooks' in the settings; docs/product/webhooks.md): endpoints, the event types they
// subscribe to, and their delivery log with 'Erneut senden'.

/** The event types a webhook can subscribe to (docs/product/webhooks.md#event-types). */
export const WEBHOOK_EVENT_TYPES = [
  'booking.paid',
  'ticket.cancelled',
  'ticket.transferred',
  'ticket.checked_in',
  'event.published',
  'event.changed',
  'event.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** 'webhook.test' is only sent by 'Testnachricht senden', never subscribed to. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'booking.paid': 'Buchung bezahlt',
  'ticket.cancelled': 'Ticket storniert',
  'ticket.transferred': 'Ticket übertragen',
  'ticket.checked_in': 'Ticket eingecheckt',
  'event.published': 'Event veröffentlicht',
  'event.changed': 'Event geändert',
  'event.cancelled': 'Event abgesagt',
};

/** Most endpoints a shop may have (docs/product/webhooks.md#endpoints). */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** The delivery log shows the latest this many per endpoint (docs/product/webhooks.md#delivery-log). */
export const WEBHOOK_LOG_LIMIT = 50;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Bitte gib die URL an, an die wir senden sollen.',
  urlInvalid: 'Bitte gib eine gültige URL an, z. B. https://example.org/webhooks.',
  urlTooLong: 'Die URL darf höchstens 2.000 Zeichen lang sein.',
  urlProtocol: 'Die URL muss mit https:// oder http:// beginnen.',
  urlCredentials: 'Die URL darf keinen Benutzernamen und kein Passwort enthalten.',
  urlPrivate:
    'Diese Adresse ist nicht erlaubt, denn sie liegt in einem privaten oder lokalen Netz (z. B. localhost, 10.x, 192.168.x).',
  urlUnresolvable: 'Den Rechnernamen dieser URL konnten wir nicht auflösen. Bitte prüfe die URL.',
  descriptionTooLong: 'Die Beschreibung darf höchstens 200 Zeichen lang sein.',
  typesRequired: 'Bitte wähle mindestens ein Ereignis aus.',
  typeUnknown: 'Unbekanntes Ereignis.',
  tooMany: `Du kannst höchstens ${MAX_WEBHOOK_ENDPOINTS} Webhooks anlegen.`,
  notFound: 'Diesen Webhook gibt es nicht (mehr).',
  deliveryNotFound: 'Diese Zustellung gibt es nicht (mehr).',
  inactive: 'Dieser Webhook ist deaktiviert. Aktiviere ihn zuerst.',
  created: 'Webhook angelegt.',
  saved: 'Webhook gespeichert.',
  deleted: 'Webhook gelöscht.',
  resent: 'Die Nachricht wird erneut gesendet.',
  testQueued: 'Testnachricht wird gesendet.',
  saveFailed: 'Der Webhook konnte nicht gespeichert werden.',
  loadFailed: 'Die Webhooks konnten nicht geladen werden.',
} as const;

const urlField = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, WEBHOOK_MESSAGES.urlTooLong);

/** POST /api/admin/webhooks and PATCH …/:id (all fields, or some on PATCH). */
export const webhookEndpointInputSchema = z.object({
  url: urlField,
  description: z.string().trim().max(200, WEBHOOK_MESSAGES.descriptionTooLong).default(''),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.typeUnknown }), {
      error: WEBHOOK_MESSAGES.typesRequired,
    })
    .min(1, WEBHOOK_MESSAGES.typesRequired)
    .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
  active: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z.object({
  url: urlField.optional(),
  description: z.string().trim().max(200, WEBHOOK_MESSAGES.descriptionTooLong).optional(),
  eventTypes: webhookEndpointInputSchema.shape.eventTypes.optional(),
  active: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export type WebhookDeliveryStatus = 'pending' | 'sent' | 'failed';

export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Wartet',
  sent: 'Zugestellt',
  failed: 'Fehlgeschlagen',
};

/** One endpoint of GET /api/admin/webhooks (the secret only through …/:id/secret or at creation). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  active: boolean;
  /** Since when its deliveries give up (set at the first given-up delivery, cleared by a success). */
  failingSince: string | null;
  createdAt: string;
  /** Deliveries still waiting to go. */
  pendingCount: number;
}

/** POST /api/admin/webhooks answers the endpoint with its secret, shown once (docs/product/webhooks.md#secret). */
export interface CreatedWebhookEndpoint extends WebhookEndpointView {
  secret: string;
}

/** One row of the delivery log (GET /api/admin/webhooks/:id/deliveries). */
export interface WebhookDeliveryView {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}
