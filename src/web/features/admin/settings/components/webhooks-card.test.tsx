// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookDeliveryView, type WebhookEndpointView } from '@shared/webhooks';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { WebhooksCard } from './webhooks-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The settings card 'Webhooks' (docs/product/webhooks.md#endpoints): the secret shown once
// (docs/product/webhooks.md#secret), the delivery log with 'Erneut senden' (docs/product/webhooks.md#resend).

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const ENDPOINT: WebhookEndpointView = {
  id: '11111111-1111-4000-8000-000000000001',
  url: 'https://crm.example.org/hooks/ticketshop',
  description: 'CRM',
  eventTypes: ['booking.paid', 'ticket.cancelled'],
  active: true,
  failingSince: '2030-03-14T09:00:00.000Z',
  createdAt: '2030-03-01T09:00:00.000Z',
  pendingCount: 1,
};
const FAILED: WebhookDeliveryView = {
  id: '22222222-2222-4000-8000-000000000002',
  eventType: 'ticket.cancelled',
  status: 'failed',
  attempts: 8,
  lastStatusCode: 500,
  lastError: 'Der Empfänger antwortete mit Status 500.',
  createdAt: '2030-03-13T08:00:00.000Z',
  lastAttemptAt: '2030-03-14T09:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
};
const item = () => within(screen.getByRole('listitem', { name: 'Webhook CRM' }));

describe('WebhooksCard', () => {
  it('lists an endpoint with its types and failing state; the log shows a failure with Erneut senden', async () => {
    let resent = false;
    const RESEND = `POST /api/admin/webhooks/${ENDPOINT.id}/deliveries/${FAILED.id}/resend`;
    const calls = mockApi({
      'GET /api/admin/webhooks': () => json([ENDPOINT]),
      [`GET /api/admin/webhooks/${ENDPOINT.id}/deliveries`]: () =>
        json([resent ? { ...FAILED, status: 'pending', attempts: 0 } : FAILED]),
      [RESEND]: () => {
        resent = true;
        return json({ ...FAILED, status: 'pending', attempts: 0 });
      },
    });
    renderPage(<WebhooksCard />, { path: '/admin/settings' });
    await screen.findByRole('listitem', { name: 'Webhook CRM' });
    expect(item().getByText('Buchung bezahlt · Ticket storniert')).toBeTruthy();
    expect(item().getByText(/Schlägt fehl seit/)).toBeTruthy();

    fireEvent.click(item().getByRole('button', { name: 'Zustellprotokoll' }));
    expect(await item().findByText('Der Empfänger antwortete mit Status 500.')).toBeTruthy();
    expect(item().getByText('Fehlgeschlagen')).toBeTruthy();
    expect(item().getByText(/Status 500 · 8 Versuche/)).toBeTruthy();
    fireEvent.click(item().getByRole('button', { name: /^Erneut senden: Ticket storniert/ }));
    await waitFor(() => expect(item().getByText('Wartet')).toBeTruthy());
    expect(keysOf(calls).filter((key) => key === RESEND)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(WEBHOOK_MESSAGES.resent);
  });

  it('creates an endpoint after checking its input, then shows the secret once', async () => {
    const calls = mockApi({
      'GET /api/admin/webhooks': () => json([]),
      'POST /api/admin/webhooks': ({ body }) => {
        const { url } = body as { url: string };
        if (url.includes('192.168')) return apiError(422, 'validation_failed', WEBHOOK_MESSAGES.urlPrivate);
        return json(
          {
            ...ENDPOINT,
            url,
            failingSince: null,
            pendingCount: 0,
            secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
          },
          201,
        );
      },
    });
    renderPage(<WebhooksCard />, { path: '/admin/settings' });
    expect(await screen.findByText('Noch keine Webhooks.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Webhook hinzufügen' }));
    const dialog = within(await screen.findByRole('dialog'));

    fireEvent.click(dialog.getByRole('checkbox', { name: /Buchung bezahlt/ })); // none chosen now
    fireEvent.click(dialog.getByRole('button', { name: 'Webhook anlegen' }));
    expect(await dialog.findByText(WEBHOOK_MESSAGES.urlRequired)).toBeTruthy();
    expect(dialog.getByText(WEBHOOK_MESSAGES.typesRequired)).toBeTruthy();
    expect(keysOf(calls)).not.toContain('POST /api/admin/webhooks');

    fireEvent.change(dialog.getByRole('textbox', { name: /URL/ }), {
      target: { value: 'http://192.168.0.2/x' },
    });
    fireEvent.click(dialog.getByRole('checkbox', { name: /Event abgesagt/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Webhook anlegen' }));
    expect(await dialog.findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeTruthy();

    fireEvent.change(dialog.getByRole('textbox', { name: /URL/ }), {
      target: { value: 'https://hooks.example.org/in' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Webhook anlegen' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Webhook angelegt' }));
    expect(shown.getByText('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0')).toBeTruthy();
    const sent = calls.filter((call) => call.key === 'POST /api/admin/webhooks').at(-1)!.body;
    expect(sent).toEqual({
      url: 'https://hooks.example.org/in',
      description: '',
      eventTypes: ['event.cancelled'],
      active: true,
    });
  });
});
