import { describe, expect, it } from 'vitest';
import { datevAmount, datevBookingLine, datevHeaderLine, BUCHUNGSSTAPEL_COLUMNS } from './datev-format';
import { encodeWindows1252 } from './windows-1252';

// The fields DATEV is strict about (decision 066): amounts, quoting, Belegfeld 1, text length, encoding.

const line = {
  amountCents: 123456,
  side: 'S' as const,
  account: '10000',
  contraAccount: '8400',
  date: '2026-03-07',
  beleg1: 'RE-2026-00001',
  beleg2: 'WR-7K3Q9F',
  text: 'Rechnung WR-7K3Q9F Yoga "sanft" – Übungstag',
};

describe('DATEV Buchungsstapel fields', () => {
  it('writes amounts with a decimal comma, no sign and no thousands separator', () => {
    expect(datevAmount(5)).toBe('0,05');
    expect(datevAmount(100)).toBe('1,00');
    expect(datevAmount(123456789)).toBe('1234567,89');
  });

  it('gives a booking 125 fields: quoted texts, Belegdatum TTMM, Belegfeld 1 in its alphabet, text at most 60', () => {
    const fields = datevBookingLine(
      {
        ...line,
        beleg1: 'RE 2026_00001 ä',
        text: 'x'.repeat(80),
        documentGuid: 'ab-12',
      },
      'EUR',
    ).split(';');
    expect(fields).toHaveLength(BUCHUNGSSTAPEL_COLUMNS.length);
    expect(BUCHUNGSSTAPEL_COLUMNS).toHaveLength(125);
    expect(fields.slice(0, 12)).toEqual([
      '1234,56',
      '"S"',
      '"EUR"',
      '',
      '',
      '',
      '10000',
      '8400',
      '',
      '0703',
      '"RE202600001"',
      '"WR-7K3Q9F"',
    ]);
    expect(fields[13]).toBe(`"${'x'.repeat(60)}"`);
    expect(fields[19]).toBe('"BEDI ""ab-12"""');
    // no Leistungsdatum: DATEV wants 'Datum Zuord. Steuerperiode' with it
    expect(fields[114]).toBe('');
  });

  it('keeps a double quote out of a text field and brings the text into cp1252', () => {
    const text = datevBookingLine({ ...line, text: 'Yoga "sanft" – Dąbrowska ✓' }, 'EUR').split(';')[13];
    expect(text).toBe(`"Yoga 'sanft' – Dabrowska ?"`);
  });

  it('writes the 31 header fields', () => {
    const header = datevHeaderLine(
      {
        createdAt: new Date('2026-03-07T10:11:12.345Z'),
        exportedBy: 'Wachstumsraum',
        consultantNumber: '1001',
        clientNumber: '1',
        fiscalYearStart: '2026-01-01',
        accountLength: 4,
        from: '2026-03-01',
        to: '2026-03-31',
        label: 'Tickets 01.03.-31.03.2026',
        chart: '03',
        currency: 'EUR',
      },
      'Europe/Berlin',
    ).split(';');
    expect(header).toHaveLength(31);
    expect(header.slice(0, 6)).toEqual([
      '"EXTF"',
      '700',
      '21',
      '"Buchungsstapel"',
      '13',
      '20260307111112345',
    ]);
    expect(header.slice(10, 17)).toEqual([
      '1001',
      '1',
      '20260101',
      '4',
      '20260301',
      '20260331',
      '"Tickets 01.03.-31.03.2026"',
    ]);
    expect(header[26]).toBe('"03"');
  });

  it('encodes Windows-1252: umlauts and the euro sign in one byte each, the rest as ?', () => {
    expect([...encodeWindows1252('Ü€–a\r\n')]).toEqual([0xdc, 0x80, 0x96, 0x61, 0x0d, 0x0a]);
    expect([...encodeWindows1252('✓')]).toEqual([0x3f]);
  });
});
