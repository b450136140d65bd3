/** The event types a webhook can subscribe to (docs/product/webhooks.md#endpoints). */
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
