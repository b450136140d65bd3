// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  type CertificateSettingsView,
  type EventCertificates,
} from '@shared/certificates';
import { toast } from '@web/lib/toast';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { CertificateSettingsCard } from './components/certificate-settings-card';
import { EventCertificatesSection } from './components/event-certificates-section';

// The event's card 'Teilnahmebescheinigung' (docs/product/certificates.md#settings) and the section below the
// participant list (docs/product/certificates.md#by-hand).

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.error), vi.mocked(toast.success));

const EVENT = '5f0c7b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const SETTINGS: CertificateSettingsView = {
  enabled: false,
  content: '',
  topics: '',
  amount: '',
  unit: 'ue',
  leaderName: '',
  leaderRole: '',
  accreditation: '',
  hasSignature: false,
};
const settingsPath = `/api/admin/events/${EVENT}/certificate-settings`;
const listPath = `/api/admin/events/${EVENT}/certificates`;

describe("card 'Teilnahmebescheinigung'", () => {
  it('refuses to switch on without content and amount in the browser, then saves what was typed', async () => {
    const calls = mockApi({
      [`GET ${settingsPath}`]: () => json(SETTINGS),
      [`PUT ${settingsPath}`]: ({ body }) => json({ ...(body as object), hasSignature: false }),
    });
    renderPage(<CertificateSettingsCard eventId={EVENT} />);
    const on = await screen.findByRole('checkbox', {
      name: 'Teilnahmebescheinigungen für dieses Event ausstellen',
    });
    fireEvent.click(on);
    fireEvent.click(screen.getByRole('button', { name: 'Bescheinigung speichern' }));
    expect(await screen.findAllByText(CERTIFICATE_MESSAGES.incomplete)).not.toHaveLength(0);
    expect(keysOf(calls)).not.toContain(`PUT ${settingsPath}`);

    fireEvent.change(screen.getByRole('textbox', { name: /Inhalt/ }), {
      target: { value: 'Achtsamkeit üben.' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Umfang/ }), { target: { value: '6,5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Einheit' }), { target: { value: 'hours' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name der Leitung' }), {
      target: { value: 'Miriam Albers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bescheinigung speichern' }));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    expect(calls.find((call) => call.key === `PUT ${settingsPath}`)?.body).toMatchObject({
      enabled: true,
      content: 'Achtsamkeit üben.',
      amount: '6,5',
      unit: 'hours',
      leaderName: 'Miriam Albers',
    });
    expect(screen.getByRole('link', { name: /Vorschau \(PDF\)/ }).getAttribute('href')).toBe(
      `${settingsPath}/preview`,
    );
  });

  it("shows the server's refusal at the field", async () => {
    mockApi({
      [`GET ${settingsPath}`]: () => json({ ...SETTINGS, enabled: true, content: 'x', amount: '8' }),
      [`PUT ${settingsPath}`]: () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: CERTIFICATE_MESSAGES.incomplete,
              details: [{ path: 'amount', message: 'Bitte gib den Umfang an.' }],
            },
          },
          422,
        ),
    });
    renderPage(<CertificateSettingsCard eventId={EVENT} />);
    await screen.findByDisplayValue('8');
    fireEvent.click(screen.getByRole('button', { name: 'Bescheinigung speichern' }));
    expect(await screen.findByText('Bitte gib den Umfang an.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Umfang/ }).getAttribute('aria-invalid')).toBe('true');
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(CERTIFICATE_MESSAGES.incomplete);
  });
});

const LIST: EventCertificates = {
  enabled: true,
  started: true,
  withoutCheckIn: false,
  tickets: [
    {
      ticketId: 't1',
      holderName: 'Anna Meier',
      code: 'A1B2',
      ticketStatus: 'active',
      checkedIn: true,
      eligible: true,
      current: {
        id: 'c1',
        code: 'K7M2Q9XW3HNP',
        status: 'valid',
        holderName: 'Anna Meier',
        issuedAt: '2026-12-13T09:00:00Z',
        revokedAt: null,
      },
      earlier: [],
    },
    {
      ticketId: 't2',
      holderName: 'Bruno Berg',
      code: 'C3D4',
      ticketStatus: 'active',
      checkedIn: true,
      eligible: true,
      current: null,
      earlier: [
        {
          id: 'c0',
          code: 'ZZZZZZZZZZZZ',
          status: 'revoked',
          holderName: 'Bruno Berg',
          issuedAt: '2026-12-13T09:00:00Z',
          revokedAt: '2026-12-14T09:00:00Z',
        },
      ],
    },
    {
      ticketId: 't3',
      holderName: 'Carla Nichtda',
      code: 'E5F6',
      ticketStatus: 'active',
      checkedIn: false,
      eligible: false,
      current: null,
      earlier: [],
    },
    {
      ticketId: 't4',
      holderName: 'Dora Storno',
      code: 'G7H8',
      ticketStatus: 'cancelled',
      checkedIn: false,
      eligible: false,
      current: null,
      earlier: [],
    },
  ],
};

describe("'Teilnahmebescheinigungen' below the participant list", () => {
  it('lists each ticket with its state and issues all that are due', async () => {
    const calls = mockApi({
      [`GET ${listPath}`]: () => json(LIST),
      [`POST ${listPath}`]: () => json({ issued: 1 }, 201),
    });
    renderPage(<EventCertificatesSection eventId={EVENT} />);
    const anna = await screen.findByRole('listitem', { name: 'Anna Meier' });
    expect(within(anna).getByText('Ausgestellt')).toBeTruthy();
    expect(within(anna).getByRole('link', { name: 'K7M2Q9XW3HNP' }).getAttribute('href')).toBe(
      '/bescheinigung/K7M2Q9XW3HNP',
    );
    expect(
      within(anna).getByRole('link', { name: 'Bescheinigung von Anna Meier als PDF' }).getAttribute('href'),
    ).toBe('/api/admin/certificates/c1/pdf');
    const bruno = screen.getByRole('listitem', { name: 'Bruno Berg' });
    expect(within(bruno).getByText('Noch nicht ausgestellt')).toBeTruthy();
    expect(within(bruno).getByText('ZZZZZZZZZZZZ widerrufen')).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Carla Nichtda' })).getByText('Nicht eingecheckt'),
    ).toBeTruthy();
    const dora = screen.getByRole('listitem', { name: 'Dora Storno' });
    expect(within(dora).getByText('Storniert')).toBeTruthy();
    expect(within(dora).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Alle ausstellen (1)' }));
    await waitFor(() =>
      expect(vi.mocked(toast.success)).toHaveBeenCalledWith(CERTIFICATE_MESSAGES.issued(1)),
    );
    expect(calls.find((call) => call.key === `POST ${listPath}`)?.body).toEqual({});
  });

  it('issues one by hand, reports a refusal, and reissues with a corrected name', async () => {
    const calls = mockApi({
      [`GET ${listPath}`]: () => json(LIST),
      [`POST ${listPath}`]: () => apiError(409, 'conflict', CERTIFICATE_MESSAGES.cancelled),
      'POST /api/admin/certificates/c1/reissue': () => json({ id: 'c9', code: 'NEWCODE23456' }, 201),
    });
    renderPage(<EventCertificatesSection eventId={EVENT} />);
    const carla = await screen.findByRole('listitem', { name: 'Carla Nichtda' });
    fireEvent.click(within(carla).getByRole('button', { name: 'Ausstellen' }));
    await waitFor(() => expect(vi.mocked(toast.error)).toHaveBeenCalledWith(CERTIFICATE_MESSAGES.cancelled));
    expect(calls.find((call) => call.key === `POST ${listPath}`)?.body).toEqual({ ticketIds: ['t3'] });

    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Anna Meier' })).getByRole('button', {
        name: 'Neu ausstellen',
      }),
    );
    const name = await screen.findByRole('textbox', { name: /Name auf der Bescheinigung/ });
    expect((name as HTMLInputElement).value).toBe('Anna Meier');
    fireEvent.change(name, { target: { value: 'Anna Schmidt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Neu ausstellen' }));
    await waitFor(() => expect(vi.mocked(toast.success)).toHaveBeenCalledWith(CERTIFICATE_MESSAGES.reissued));
    expect(calls.find((call) => call.key === 'POST /api/admin/certificates/c1/reissue')?.body).toEqual({
      name: 'Anna Schmidt',
    });
  });

  it('points to the card while certificates are off', async () => {
    mockApi({ [`GET ${listPath}`]: () => json({ ...LIST, enabled: false }) });
    renderPage(<EventCertificatesSection eventId={EVENT} />);
    expect(
      (await screen.findByRole('link', { name: 'In den Einstellungen des Events einschalten' })).getAttribute(
        'href',
      ),
    ).toBe(`/admin/events/${EVENT}/edit#certificate`);
  });
});
