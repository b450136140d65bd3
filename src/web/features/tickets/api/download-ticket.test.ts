// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { makeTicket } from '../testing/ticket-fixtures';
import { downloadTicket } from './download-ticket';

const png = () =>
  new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
const pdf = () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });

describe('downloadTicket (docs/product/tickets-and-refunds.md#ticket-barcode: PDF, else the PNG)', () => {
  const ticket = makeTicket({ code: '0815' });
  const pdfPath = `GET /api/tickets/${ticket.id}/pdf`;
  const imagePath = `GET /api/tickets/${ticket.id}/image`;
  let saved: { name: string; type: string }[];

  beforeEach(() => {
    saved = [];
    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((value: Blob) => ((blob = value), 'blob:ticket')),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: blob?.type ?? '' });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the PDF as ticket-{code}.pdf', async () => {
    const calls = mockApi({ [pdfPath]: pdf });
    await expect(downloadTicket(ticket)).resolves.toBe('ticket-0815.pdf');
    expect(saved).toEqual([{ name: 'ticket-0815.pdf', type: 'application/pdf' }]);
    expect(keysOf(calls)).toEqual([pdfPath]);
  });

  it('falls back to ticket-{id}.png on 404', async () => {
    mockApi({ [pdfPath]: () => apiError(404, 'not_found', 'Ticket nicht gefunden.'), [imagePath]: png });
    await expect(downloadTicket(ticket)).resolves.toBe(`ticket-${ticket.id}.png`);
    expect(saved).toEqual([{ name: `ticket-${ticket.id}.png`, type: 'image/png' }]);
  });

  it("falls back when the answer says 'Ticket not found'", async () => {
    mockApi({ [pdfPath]: () => json({ error: 'Ticket not found' }), [imagePath]: png });
    await expect(downloadTicket(ticket)).resolves.toBe(`ticket-${ticket.id}.png`);
  });

  it.each([
    ['a server error', () => apiError(500, 'some_error', 'Interner Fehler')],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails without a fallback on %s', async (_case, answer) => {
    const calls = mockApi({ [pdfPath]: answer, [imagePath]: png });
    await expect(downloadTicket(ticket)).rejects.toThrow();
    expect(keysOf(calls)).toEqual([pdfPath]);
    expect(saved).toEqual([]);
  });

  it('fails when the image is missing too', async () => {
    mockApi({ [pdfPath]: () => apiError(404, 'some_error', 'Ticket nicht gefunden.') });
    await expect(downloadTicket(ticket)).rejects.toThrow();
    expect(saved).toEqual([]);
  });
});
