import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_IMPORT_MESSAGES } from '@shared/bank-statements';
import { AppError } from '../app-error';
import { parseStatement, type StatementLine } from './statements';

// Statements as banks export them (docs/product/bank-transfer.md#statement-import), written from the standards'
// structure: test/fixtures/bank/. Every field of every line is asserted; the keys must survive a second import
// (docs/product/bank-transfer.md#idempotent-import).

const fixture = (name: string) => readFileSync(path.join('test/fixtures/bank', name));
const ACCOUNT = 'DE02120300000000202051';
const SHA256 = /^[0-9a-f]{64}$/;

/** The lines without their keys, and the keys apart (hash keys are checked for shape, stability and distinctness). */
const withoutKeys = (lines: StatementLine[]) => lines.map(({ dedupeKey: _key, ...line }) => line);
const keysOf = (lines: StatementLine[]) => lines.map((line) => line.dedupeKey);

function expectUnreadable(content: Buffer | string) {
  let thrown: unknown;
  try {
    parseStatement(content);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  expect(thrown).toMatchObject({ code: 'validation_failed', message: BANK_IMPORT_MESSAGES.unreadable });
}

describe('CAMT.053.001.02', () => {
  const parsed = parseStatement(fixture('camt053-001-02.xml'));

  it('reads every booked entry, one line per transaction of a batch, none of the pending one', () => {
    expect(parsed.format).toBe('camt053');
    expect(withoutKeys(parsed.lines)).toEqual([
      {
        bookedOn: '2025-03-03',
        amountCents: 4990, // '49.9'
        currency: 'EUR',
        counterpartyName: 'Erika Mustermann',
        counterpartyIban: 'DE89370400440532013000',
        remittance: 'Tickets Sommerkonzert WR-7K3\nQ9F-9 Danke & Gruss',
      },
      {
        bookedOn: '2025-03-03', // from BookgDt/DtTm
        amountCents: 12000,
        currency: 'EUR',
        counterpartyName: 'Jörg Müller-Lüdenscheidt',
        counterpartyIban: 'DE75512108001245126199',
        remittance: 'Bestellung Theater\nWR-A2B3C4-Y',
      },
      {
        bookedOn: '2025-03-03',
        amountCents: -1500,
        currency: 'EUR',
        counterpartyName: 'Stadtwerke Musterstadt GmbH', // the creditor of a debit, not our own name
        counterpartyIban: 'DE44500105175407324931',
        remittance: 'Abschlag Strom März',
      },
      {
        bookedOn: '2025-03-03',
        amountCents: 0,
        currency: 'EUR',
        counterpartyName: '',
        counterpartyIban: '',
        remittance: 'Korrekturbuchung WR-XYZ234-4', // no TxDtls: the entry's AddtlNtryInf
      },
      {
        bookedOn: '2025-03-03',
        amountCents: 29,
        currency: 'EUR',
        counterpartyName: 'Hans Beispiel',
        counterpartyIban: 'DE12500105170648489890',
        remittance: 'wr hjkmnp t',
      },
      {
        bookedOn: '2025-03-03',
        amountCents: 7521,
        currency: 'EUR',
        counterpartyName: 'Greta Probe',
        counterpartyIban: 'DE02100100100006820101',
        remittance: 'WRQRSTUV3',
      },
      {
        bookedOn: '2025-03-03',
        amountCents: 500,
        currency: 'EUR',
        counterpartyName: 'Karl Zwilling',
        counterpartyIban: 'DE27100777770209299700',
        remittance: 'Spende',
      },
      {
        bookedOn: '2025-03-03',
        amountCents: 500,
        currency: 'EUR',
        counterpartyName: 'Karl Zwilling',
        counterpartyIban: 'DE27100777770209299700',
        remittance: 'Spende',
      },
    ]);
  });

  it('keys lines by the bank reference with the account, else by a hash', () => {
    const keys = keysOf(parsed.lines);
    expect(keys.slice(0, 3)).toEqual([
      `${ACCOUNT}:2025030300001`,
      `${ACCOUNT}:NR-0002`,
      `${ACCOUNT}:2025030300003`,
    ]);
    expect(keys[3]).toMatch(SHA256);
    // the batch: the transaction's own AcctSvcrRef, else the entry's with the transaction's position
    expect(keys.slice(4, 6)).toEqual([`${ACCOUNT}:2025030300005-1`, `${ACCOUNT}:2025030300005/2`]);
    expect(keys[6]).toMatch(SHA256);
    expect(keys[7]).toMatch(SHA256);
    // two identical transfers on one day are two lines
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the same keys on a second import, from a string as from the bytes', () => {
    const again = parseStatement(fixture('camt053-001-02.xml').toString('utf8'));
    expect(again).toEqual(parsed);
  });

  it('finds the same hash keys in a file that holds only part of the day', () => {
    // the bank exports the day again without the first entries: the identical transfers keep their keys
    const whole = fixture('camt053-001-02.xml').toString('utf8');
    const entries = [...whole.matchAll(/<Ntry>[\s\S]*?<\/Ntry>/g)].map((m) => m[0]);
    const part = whole.replace(entries[0]!, '').replace(entries[3]!, '');
    const partKeys = keysOf(parseStatement(part).lines);
    expect(partKeys).toEqual(keysOf(parsed.lines).filter((_key, i) => i !== 0 && i !== 3));
  });

  it('changes a hash key when the line says something else', () => {
    const whole = fixture('camt053-001-02.xml').toString('utf8');
    const changed = parseStatement(whole.replace('Korrekturbuchung WR-XYZ234-4', 'Korrekturbuchung')).lines;
    expect(changed[3]!.dedupeKey).toMatch(SHA256);
    expect(changed[3]!.dedupeKey).not.toBe(parsed.lines[3]!.dedupeKey);
    expect(changed[6]!.dedupeKey).toBe(parsed.lines[6]!.dedupeKey);
  });
});

describe('CAMT.053.001.08', () => {
  const parsed = parseStatement(fixture('camt053-001-08.xml'));

  it('reads Pty/Nm, Sts/Cd and several statements, with a namespace prefix', () => {
    expect(parsed.format).toBe('camt053');
    expect(parsed.lines).toEqual([
      {
        dedupeKey: `${ACCOUNT}:ASR-20250310-1`, // AcctSvcrRef before NtryRef
        bookedOn: '2025-03-10',
        amountCents: 8980,
        currency: 'EUR',
        counterpartyName: 'Anna Schmidt',
        counterpartyIban: 'DE91100000000123456789',
        remittance: 'EREF+WR-EFGH23-B SVWZ+Konzertkarten',
      },
      {
        dedupeKey: `${ACCOUNT}:ASR-20250310-2`,
        bookedOn: '2025-03-10',
        amountCents: -25000,
        currency: 'EUR',
        counterpartyName: 'Saalmiete Stadthalle',
        counterpartyIban: 'DE68210501700012345678',
        remittance: 'Miete April',
      },
      {
        dedupeKey: `${ACCOUNT}:ASR-20250311-1`,
        bookedOn: '2025-03-11',
        amountCents: 123456789, // 1234567.89: exact, not 123456788.99…
        currency: 'EUR',
        counterpartyName: 'Mäzenin Groß',
        counterpartyIban: 'AT611904300234573201',
        remittance: 'Sammelbestellung WR-MNPQ45-W\nund WR-WXYZ67-Y',
      },
    ]);
  });
});

describe('MT940 (German, Sparkasse/Volksbank style)', () => {
  const parsed = parseStatement(fixture('sparkasse.mt940'));
  const BLZ_ACCOUNT = '10020030/0123456789';

  it('reads both statements, the ?-subfields, Latin-1 umlauts and the C/D/RC/RD marks', () => {
    expect(parsed.format).toBe('mt940');
    expect(withoutKeys(parsed.lines)).toEqual([
      {
        bookedOn: '2025-03-03',
        amountCents: 4990,
        currency: 'EUR',
        counterpartyName: 'Erika Mustermann',
        counterpartyIban: 'DE89370400440532013000',
        // ?20–?22, the physical line break inside ?21 removed
        remittance: 'EREF+WR-7K3Q9F-9\nSVWZ+Tickets Sommerkonzert\nWR-A2B3C4-Y Danke',
      },
      {
        bookedOn: '2025-03-04',
        amountCents: -1500, // D
        currency: 'EUR',
        counterpartyName: 'Stadtwerke Musterstadt GmbH und Co KG', // ?32 + ?33
        counterpartyIban: 'DE44500105175407324931', // ?31 wrapped over two physical lines
        remittance: 'EREF+STROM-2025-03\nMREF+M-4711\nCRED+DE98ZZZ09999999999\nSVWZ+Abschlag Strom März',
      },
      {
        bookedOn: '2025-01-02', // entry date 0102 after value date 31.12.2024: next year
        amountCents: 2000, // RD: a reversed debit brings the money back
        currency: 'EUR',
        counterpartyName: 'Hans Beispiel',
        counterpartyIban: 'DE12500105170648489890',
        remittance: 'Ruecklastschrift Beitrag',
      },
      {
        bookedOn: '2025-03-05',
        amountCents: 3000,
        currency: 'EUR',
        counterpartyName: '',
        counterpartyIban: '',
        remittance: 'Gutschrift Max Muster wr89abcdh', // unstructured :86:
      },
      {
        bookedOn: '2025-03-05',
        amountCents: -500, // RC: a reversed credit takes money out
        currency: 'EUR',
        counterpartyName: 'Bank',
        counterpartyIban: '',
        remittance: 'Storno WR 234567 9',
      },
    ]);
  });

  it('keys lines by the bank reference after // (not NONREF), else by a hash; stable and distinct', () => {
    const keys = keysOf(parsed.lines);
    expect(keys[0]).toBe(`${BLZ_ACCOUNT}:A1B2C3D4E5`);
    expect(keys[4]).toBe(`${BLZ_ACCOUNT}:B9`);
    for (const key of keys.slice(1, 4)) expect(key).toMatch(SHA256);
    expect(new Set(keys).size).toBe(keys.length);
    expect(parseStatement(fixture('sparkasse.mt940'))).toEqual(parsed);
    // the same file with LF line ends and as a string
    const lf = fixture('sparkasse.mt940').toString('latin1').replace(/\r\n/g, '\n');
    expect(parseStatement(lf)).toEqual(parsed);
  });

  it('takes amounts to the cent from the digits', () => {
    const mt940 = [
      ':20:STARTUMSE',
      ':25:10020030/0123456789',
      ':28C:1/1',
      ':60F:C250303EUR0,',
      ':61:250303C0,29NTRFNONREF',
      ':86:?20A',
      ':61:250303C1234567,8NTRFNONREF',
      ':86:?20B',
      ':61:250303C7,NTRFNONREF',
      ':86:?20C',
      ':62F:C250303EUR1234575,09',
      '-',
    ].join('\n');
    expect(parseStatement(mt940).lines.map((line) => line.amountCents)).toEqual([29, 123456780, 700]);
  });
});

describe('unreadable files', () => {
  const camt = fixture('camt053-001-02.xml').toString('utf8');
  const mt940 = fixture('sparkasse.mt940').toString('latin1');

  it.each([
    ['empty', ''],
    ['text', 'Kontoauszug März\nSaldo 1.000,00 €'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'latin1')],
    ['XML of another message (pain.001)', camt.replaceAll('camt.053.001.02', 'pain.001.001.03')],
    ['a CSV', 'Buchungstag;Betrag;Verwendungszweck\n03.03.2025;49,90;WR-7K3Q9F-9\n'],
    ['CAMT without a statement report', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'],
    ['MT940 without closing balance', mt940.replace(/:62F:[^\r\n]*/, '')],
    ['MT940 whose lines do not add up', mt940.replace(':61:2503030303CR49,90', ':61:2503030303CR49,99')],
  ])('%s → the German message', (_name, content) => {
    expectUnreadable(content);
  });
});

// docs/product/bank-transfer.md#hostile-files: the problem of one line is named with the line
describe('lines that cannot be read', () => {
  const camt = fixture('camt053-001-02.xml').toString('utf8');
  const M = BANK_IMPORT_MESSAGES;

  it.each([
    [
      'an amount of three decimals',
      camt.replace('<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="EUR">120.005</Amt>'),
      M.line(2, M.amountDecimals),
    ],
    [
      'a number that is none',
      camt.replace('<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="EUR">1.2e2</Amt>'),
      M.line(2, M.amountMissing),
    ],
    [
      'an amount of 2^31 cents',
      camt.replace('<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="EUR">21474836.48</Amt>'),
      M.line(2, M.amountTooLarge),
    ],
    [
      'a negative amount',
      camt.replace('<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="EUR">-120.00</Amt>'),
      M.line(2, M.amountNegative),
    ],
    ['no credit/debit mark', camt.replace('<CdtDbtInd>DBIT</CdtDbtInd>', ''), M.line(3, M.creditDebit)],
    [
      'a day that does not exist',
      camt.replace('<BookgDt><Dt>2025-03-03</Dt>', '<BookgDt><Dt>2025-02-30</Dt>'),
      M.line(1, M.date),
    ],
    [
      'a currency that is none',
      camt.replace('<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="€">120.00</Amt>'),
      M.line(2, M.currencyInvalid),
    ],
    [
      'NUL in a name',
      camt.replace('Erika Mustermann', 'Erika\u0000Mustermann'),
      M.line(1, M.badCharacter(M.fields.name)),
    ],
    [
      'NUL as a character reference',
      camt.replace('Erika Mustermann', 'Erika&#0;Mustermann'),
      M.line(1, M.badCharacter(M.fields.name)),
    ],
    [
      'a control character in the text',
      camt.replace('Danke', 'Dan\u001bke'),
      M.line(1, M.badCharacter(M.fields.remittance)),
    ],
    ['broken XML', camt.slice(0, camt.length / 2), null],
    [
      'a DOCTYPE',
      camt.replace('<Document', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<Document'),
      M.doctype,
    ],
  ])('%s → the German message', (_name, content, message) => {
    let thrown: unknown;
    try {
      parseStatement(content);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('validation_failed');
    if (message) expect((thrown as AppError).message).toBe(message);
    else
      expect((thrown as AppError).message).toMatch(
        /^(Zeile \d+: |Die XML-Datei ist fehlerhaft \(in Zeile \d+ der Datei\)\.)/,
      );
  });

  it('refuses nesting deeper than a statement has, before parsing', () => {
    const deep = camt.replace('<Ustrd>', `${'<x>'.repeat(100)}${'</x>'.repeat(100)}<Ustrd>`);
    expect(() => parseStatement(deep)).toThrow(M.tooDeep);
  });
});
