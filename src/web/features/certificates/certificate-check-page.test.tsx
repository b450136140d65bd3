// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_MESSAGES, type CertificateCheck } from '@shared/certificates';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { CertificateCheckPage } from './certificate-check-page';

// The public check page (docs/product/certificates.md#check-page): valid, revoked, replaced, unknown, limited.

resetEachTest({ mockClear: () => vi.fn() });

const CHECK: CertificateCheck = {
  code: 'K7M2Q9XW3HNP',
  status: 'valid',
  holder: 'Anna M.',
  eventTitle: 'Achtsamkeit im Alltag – Tagesworkshop in Hamburg',
  dates: 'Sa., 12.12.2026, 10:00–17:00 Uhr',
  amount: '8 Unterrichtseinheiten (à 45 Minuten)',
  organizer: 'Wachstumsraum Albers GbR',
  issuedOn: '13.12.2026',
  endedOn: null,
};

const show = (code: string) =>
  renderPage(<CertificateCheckPage />, { path: `/bescheinigung/${code}`, pattern: '/bescheinigung/:code' });

describe('/bescheinigung/:code', () => {
  it('says valid and shows the abbreviated name, event, date, amount and issuer', async () => {
    const calls = mockApi({ 'GET /api/certificates/check/K7M2Q9XW3HNP': () => json(CHECK) });
    show('K7M2Q9XW3HNP');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gültige Teilnahmebescheinigung' }),
    ).toBeTruthy();
    for (const text of [
      CHECK.holder,
      CHECK.eventTitle,
      CHECK.dates,
      CHECK.amount,
      CHECK.organizer,
      CHECK.code,
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.queryByText(/Widerrufen am|Ersetzt am/)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('says revoked with the day, and replaced', async () => {
    mockApi({
      'GET /api/certificates/check/K7M2Q9XW3HNP': () =>
        json({ ...CHECK, status: 'revoked', endedOn: '20.12.2026' }),
      'GET /api/certificates/check/ZZZZZZZZZZZZ': () =>
        json({ ...CHECK, code: 'ZZZZZZZZZZZZ', status: 'replaced', endedOn: '21.12.2026' }),
    });
    const first = show('K7M2Q9XW3HNP');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bescheinigung widerrufen' })).toBeTruthy();
    expect(screen.getByText('Widerrufen am')).toBeTruthy();
    expect(screen.getByText('20.12.2026')).toBeTruthy();
    first.unmount();
    show('ZZZZZZZZZZZZ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bescheinigung ersetzt' })).toBeTruthy();
    expect(screen.getByText(/durch eine neue ersetzt/)).toBeTruthy();
  });

  it('says not found for an unknown code, and passes the wait on after too many tries', async () => {
    mockApi({
      'GET /api/certificates/check/AAAAAAAAAAAA': () =>
        apiError(404, 'not_found', CERTIFICATE_MESSAGES.checkNotFound),
      'GET /api/certificates/check/BBBBBBBBBBBB': () =>
        apiError(429, 'rate_limited', 'Zu viele Anfragen. Bitte warte 540 Sekunden.'),
    });
    const first = show('AAAAAAAAAAAA');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bescheinigung nicht gefunden' }),
    ).toBeTruthy();
    expect(screen.getByText(CERTIFICATE_MESSAGES.checkNotFound)).toBeTruthy();
    first.unmount();
    show('BBBBBBBBBBBB');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Zu viele Anfragen. Bitte warte 540 Sekunden.',
    );
  });
});
