import { describe, expect, it } from 'vitest';
import {
  cancelErrorMessage,
  cancelSuccessMessage,
  splitTickets,
  TICKET_MESSAGES,
  ticketBarcodeContent,
  ticketDisplayStatus,
  ticketImageFileName,
  ticketPdfFileName,
  type TicketStatus,
} from './tickets';

const NOW = new Date('2026-03-10T12:00:00Z');
const FUTURE = '2026-04-01T08:00:00Z';
const PAST = '2026-03-01T08:00:00Z';

describe('cancelErrorMessage (docs/product/tickets-and-refunds.md#cancel-messages)', () => {
  it.each([
    [0, TICKET_MESSAGES.cancelNetwork],
    [
      400,
      'Dieses Ticket konnte nicht storniert werden. Es wurde möglicherweise bereits storniert oder existiert nicht.',
    ],
    [403, TICKET_MESSAGES.cancel403],
    [409, TICKET_MESSAGES.cancel409],
    [422, TICKET_MESSAGES.cancel422],
    [404, TICKET_MESSAGES.cancelUnavailable],
    [401, TICKET_MESSAGES.cancelUnavailable],
    [429, TICKET_MESSAGES.cancelUnavailable],
    [500, TICKET_MESSAGES.cancelUnavailable],
    [502, TICKET_MESSAGES.cancelUnavailable],
    [503, TICKET_MESSAGES.cancelUnavailable],
    [302, TICKET_MESSAGES.cancelUnavailable],
    [200, TICKET_MESSAGES.cancelUnknown],
  ])('status %i without a server message', (status, expected) => {
    expect(cancelErrorMessage(status)).toBe(expected);
    expect(cancelErrorMessage(status, null)).toBe(expected);
    expect(cancelErrorMessage(status, '')).toBe(expected);
  });

  it('shows a JSON message of the server as is, whatever the status', () => {
    for (const status of [0, 400, 403, 404, 409, 422, 500]) {
      expect(cancelErrorMessage(status, 'Dieses Ticket wurde bereits storniert.')).toBe(
        'Dieses Ticket wurde bereits storniert.',
      );
    }
  });

  it('keeps the texts of the statuses apart', () => {
    const texts = new Set([0, 400, 403, 404, 409, 422, 200].map((status) => cancelErrorMessage(status)));
    expect(texts.size).toBe(7);
    expect(cancelErrorMessage(403)).toMatch(/nicht berechtigt/);
    expect(cancelErrorMessage(409)).toMatch(/Zustand/);
    expect(cancelErrorMessage(422)).toMatch(/neu/);
    expect(cancelErrorMessage(404)).toMatch(/Support/);
    expect(cancelErrorMessage(0)).toMatch(/Internetverbindung/);
    expect(cancelErrorMessage(200)).toMatch(/^Unbekannter Fehler bei der Stornierung/);
  });
});

describe('cancelSuccessMessage (docs/product/tickets-and-refunds.md#cancel-button-label)', () => {
  it.each([
    [1250, 'EUR', 'Stornierung erfolgreich. Erstattung: 12,50 EUR'],
    [1, 'EUR', 'Stornierung erfolgreich. Erstattung: 0,01 EUR'],
    [14900, 'EUR', 'Stornierung erfolgreich. Erstattung: 149,00 EUR'],
    [123456, 'EUR', 'Stornierung erfolgreich. Erstattung: 1.234,56 EUR'],
    [500, 'CHF', 'Stornierung erfolgreich. Erstattung: 5,00 CHF'],
  ])('%i %s', (cents, currency, expected) => {
    expect(cancelSuccessMessage(cents, currency)).toBe(expected);
  });

  it('says so when nothing is refunded', () => {
    expect(cancelSuccessMessage(0, 'EUR')).toBe(
      'Stornierung erfolgreich (keine Erstattung gemäß Richtlinie).',
    );
    expect(cancelSuccessMessage(-5, 'EUR')).toBe(TICKET_MESSAGES.cancelSuccessNoRefund);
  });
});

describe('ticketDisplayStatus (docs/product/tickets-and-refunds.md#my-tickets): canceled, then checked in, then past, else upcoming', () => {
  const ticket = (status: TicketStatus, isCheckedIn: boolean, startTime: string) => ({
    status,
    isCheckedIn,
    event: { startTime },
  });

  it.each([
    ['canceled', true, PAST, 'Storniert'],
    ['canceled', false, FUTURE, 'Storniert'],
    ['revoked', false, FUTURE, 'Storniert'],
    ['active', true, PAST, 'Eingecheckt'],
    ['active', true, FUTURE, 'Eingecheckt'],
    ['active', false, PAST, 'Vorbei'],
    ['active', false, NOW.toISOString(), 'Vorbei'],
    ['active', false, FUTURE, 'Bevorstehend'],
  ] as const)('%s, checked in %s, start %s → %s', (status, checkedIn, start, expected) => {
    expect(ticketDisplayStatus(ticket(status, checkedIn, start), NOW)).toBe(expected);
  });
});

describe('splitTickets (docs/product/tickets-and-refunds.md#my-tickets)', () => {
  const t = (id: string, createdAt: string, startTime: string) => ({ id, createdAt, event: { startTime } });

  it('puts future starts in upcoming, the rest in past, newest ticket first in each', () => {
    const tickets = [
      t('old-future', '2026-01-01T10:00:00.000Z', FUTURE),
      t('new-past', '2026-02-20T10:00:00.000Z', PAST),
      t('newest-future', '2026-03-09T10:00:00.000Z', '2026-06-01T08:00:00Z'),
      t('starts-now', '2026-02-01T10:00:00.000Z', NOW.toISOString()),
      t('old-past', '2025-12-01T10:00:00.000Z', PAST),
    ];
    const { upcoming, past } = splitTickets(tickets, NOW);
    expect(upcoming.map((x) => x.id)).toEqual(['newest-future', 'old-future']);
    expect(past.map((x) => x.id)).toEqual(['new-past', 'starts-now', 'old-past']);
    expect(tickets[0]!.id).toBe('old-future'); // the input is not reordered
  });

  it('gives two empty lists for no tickets', () => {
    expect(splitTickets([], NOW)).toEqual({ upcoming: [], past: [] });
  });
});

describe('ticket file names and barcode (docs/product/tickets-and-refunds.md#ticket-barcode)', () => {
  it('names the PDF by code and the image by id', () => {
    expect(ticketPdfFileName('0042')).toBe('ticket-0042.pdf');
    expect(ticketImageFileName('3f1c-aa')).toBe('ticket-3f1c-aa.png');
  });

  it('encodes the last 4 of the number and the first 8 of the id without dashes', () => {
    expect(ticketBarcodeContent('12ab-34cd-56ef', 'T-2026-000123')).toBe('012312ab34cd');
  });
});
