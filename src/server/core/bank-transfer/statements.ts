// Bank statements as lines (docs/product/bank-transfer.md#statement-import): a CAMT.053 file (ISO 20022 XML,
// camt.053.001.02 to .08) or an MT940 file (SWIFT, as German banks export it, with the ?20–?33 subfields of :86:)
// becomes the same list of lines, each with a key that is the same when the file is imported again
// (docs/product/bank-transfer.md#idempotent-import). Pure: no database; the importer stores and matches the lines.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BANK_IMPORT_MESSAGES } from '@shared/bank-transfer';
import { AppError } from '../app-error';

export interface StatementLine {
  /**
   * the bank's entry reference (CAMT AcctSvcrRef / NtryRef, MT940 bank reference) prefixed with the account IBAN,
   * else a sha256 hex of account + date + amount + counterparty IBAN + name + remittance + the line's position
   * among identical lines of that day
   */
  dedupeKey: string;
  /** 'YYYY-MM-DD' (booking date) */
  bookedOn: string;
  /** signed: credits positive, debits negative */
  amountCents: number;
  currency: string;
  /** the debtor for credits, the creditor for debits */
  counterpartyName: string;
  counterpartyIban: string;
  /** unstructured remittance lines joined with '\n', plus the structured creditor reference if present */
  remittance: string;
}

export type StatementFormat = 'camt053' | 'mt940' | 'csv';

/** A line before its key: the account it was booked on and the bank's reference, if it gave one. */
export interface RawLine extends Omit<StatementLine, 'dedupeKey'> {
  account: string;
  bankReference: string;
}

const unreadable = () => new AppError('validation_failed', BANK_IMPORT_MESSAGES.unreadable);

export function parseStatement(content: Buffer | string): {
  format: StatementFormat;
  lines: StatementLine[];
} {
  const text = decode(content);
  const head = text.trimStart();
  if (head.startsWith('<')) {
    if (!CAMT053_ROOT.test(head.slice(0, 2_000))) throw unreadable();
    return { format: 'camt053', lines: withKeys(camtLines(text)) };
  }
  if (/^:20:/m.test(text)) return { format: 'mt940', lines: withKeys(mt940Lines(text)) };
  throw unreadable();
}

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (many German banks write MT940 in ISO 8859-1). */
export function decode(content: Buffer | string): string {
  let text: string;
  if (typeof content === 'string') text = content;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      text = content.toString('latin1');
    }
  }
  return text.replace(/^\uFEFF/, '');
}

/** '1234.5' / '1234,50' / '1234,' → cents, from the digits (never through a float). */
function toCents(amount: string): number {
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(amount.trim());
  if (!match) throw unreadable();
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) throw unreadable();
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The key of each line (docs/product/bank-transfer.md#idempotent-import): the bank's reference where it gave one,
 * else a hash of what the line says plus its position among identical lines of that day, so that two equal
 * transfers on one day stay two lines and a re-import of the same day finds both again. A bank reference seen twice
 * in one file (which a bank should not do) gets '#2', '#3' …, so no money of the file is skipped as a duplicate.
 */
export function withKeys(lines: RawLine[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map(({ account, bankReference, ...line }) => {
    const base = bankReference
      ? `${account}:${bankReference}`
      : [
          account,
          line.bookedOn,
          line.amountCents,
          line.counterpartyIban,
          line.counterpartyName,
          line.remittance,
        ]
          .join('\u0000')
          .concat('\u0000hash');
    const position = (seen.get(base) ?? 0) + 1;
    seen.set(base, position);
    const dedupeKey = bankReference
      ? position === 1
        ? base
        : `${base}#${position}`
      : createHash('sha256').update(`${base}\u0000${position}`).digest('hex');
    return { dedupeKey, ...line };
  });
}

// ---- CAMT.053 ----

const CAMT053_ROOT =
  /<(?:[\w.-]+:)?Document\b[^>]*\sxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d+["']/;
const REPEATABLE = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

/** One XML element as fast-xml-parser gives it: text, or children and '@_' attributes. */
type Node = { [name: string]: Node | Node[] | string | undefined } | string;

const xml = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  parseTagValue: false, // amounts, IBANs and references stay the strings the bank wrote
  parseAttributeValue: false,
  isArray: (name) => REPEATABLE.has(name),
});

/** The child at `path` ('RltdPties.Dbtr.Nm'), the first of a repeated element. */
function at(node: Node | undefined, path: string): Node | undefined {
  let current = node;
  for (const name of path.split('.')) {
    if (current === undefined || typeof current === 'string') return undefined;
    const next: Node | Node[] | string | undefined = current[name];
    current = Array.isArray(next) ? next[0] : next;
  }
  return current;
}
function all(node: Node | undefined, name: string): Node[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
function textOf(node: Node | undefined): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.trim();
  const value = node['#text'];
  return typeof value === 'string' ? value.trim() : '';
}
const text = (node: Node | undefined, path: string) => textOf(at(node, path));

function camtLines(content: string): RawLine[] {
  if (XMLValidator.validate(content) !== true) throw unreadable();
  const report = at(xml.parse(content) as Node, 'Document.BkToCstmrStmt');
  if (report === undefined) throw unreadable();
  const statements = all(report, 'Stmt');
  const lines: RawLine[] = [];
  for (const statement of statements) {
    const account = text(statement, 'Acct.Id.IBAN') || text(statement, 'Acct.Id.Othr.Id');
    const accountCurrency = text(statement, 'Acct.Ccy');
    for (const entry of all(statement, 'Ntry')) {
      // .02 writes <Sts>BOOK</Sts>, .08 <Sts><Cd>BOOK</Cd></Sts>; pending entries may still change or vanish
      const status = text(entry, 'Sts') || text(entry, 'Sts.Cd');
      if (status !== 'BOOK') continue;
      lines.push(...entryLines(entry, account, accountCurrency));
    }
  }
  return lines;
}

function entryLines(entry: Node, account: string, accountCurrency: string): RawLine[] {
  const bookedOn = (
    text(entry, 'BookgDt.Dt') ||
    text(entry, 'BookgDt.DtTm') ||
    text(entry, 'ValDt.Dt')
  ).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(bookedOn)) throw unreadable();
  const entrySign = signOf(text(entry, 'CdtDbtInd'));
  const entryAmount = at(entry, 'Amt');
  const entryReference = text(entry, 'AcctSvcrRef') || text(entry, 'NtryRef');
  const details = all(entry, 'NtryDtls').flatMap((group) => all(group, 'TxDtls'));
  const amountOf = (tx: Node) => at(tx, 'Amt') ?? at(tx, 'AmtDtls.TxAmt.Amt');

  // one line per transaction of a batch entry, each with its own amount; one line for the entry otherwise
  const split = details.length > 1 && details.every((tx) => amountOf(tx) !== undefined);
  if (!split) {
    const parts = details.map((tx) => transactionParts(tx, entrySign));
    return [
      {
        account,
        bankReference: entryReference,
        bookedOn,
        amountCents: entrySign * toCents(textOf(entryAmount)),
        currency: currencyOf(entryAmount, accountCurrency),
        counterpartyName: parts[0]?.name ?? '',
        counterpartyIban: parts[0]?.iban ?? '',
        remittance: details.length
          ? parts
              .map((part) => part.remittance)
              .filter(Boolean)
              .join('\n')
          : text(entry, 'AddtlNtryInf'),
      },
    ];
  }
  return details.map((tx, index) => {
    const sign = text(tx, 'CdtDbtInd') ? signOf(text(tx, 'CdtDbtInd')) : entrySign;
    const amount = amountOf(tx);
    const parts = transactionParts(tx, sign);
    const ownReference = text(tx, 'Refs.AcctSvcrRef');
    return {
      account,
      bankReference: ownReference || (entryReference && `${entryReference}/${index + 1}`),
      bookedOn,
      amountCents: sign * toCents(textOf(amount)),
      currency: currencyOf(amount, accountCurrency),
      counterpartyName: parts.name,
      counterpartyIban: parts.iban,
      remittance: parts.remittance,
    };
  });
}

function signOf(indicator: string): 1 | -1 {
  if (indicator === 'CRDT') return 1;
  if (indicator === 'DBIT') return -1;
  throw unreadable();
}

function currencyOf(amount: Node | undefined, fallback: string): string {
  const currency = typeof amount === 'object' ? amount['@_Ccy'] : undefined;
  return (typeof currency === 'string' && currency.trim()) || fallback || 'EUR';
}

/** The other party (the debtor of a credit, the creditor of a debit; .08 nests the name in Pty) and the text. */
function transactionParts(tx: Node, sign: 1 | -1) {
  const party = sign > 0 ? 'Dbtr' : 'Cdtr';
  const name = text(tx, `RltdPties.${party}.Nm`) || text(tx, `RltdPties.${party}.Pty.Nm`);
  const iban = text(tx, `RltdPties.${party}Acct.Id.IBAN`).replace(/\s+/g, '').toUpperCase();
  const remittanceInfo = at(tx, 'RmtInf');
  const unstructured = all(remittanceInfo, 'Ustrd').map(textOf);
  const structured = all(remittanceInfo, 'Strd').map((strd) => text(strd, 'CdtrRefInf.Ref'));
  const remittance = [...unstructured, ...structured].filter(Boolean).join('\n');
  return { name, iban, remittance };
}

// ---- MT940 ----

/** What this module uses of mt940js (it ships no types). */
interface Mt940Tag {
  id: number | string;
  data: string;
  re: RegExp;
}
interface Mt940Transaction {
  date: Date;
  entryDate: Date | '';
  bankReference: string;
  details: string;
  structuredDetails?: Record<string, string>;
}
interface Mt940Statement {
  accountIdentification: string;
  currency: string;
  transactions: Mt940Transaction[];
  tags: Mt940Tag[];
}
interface Mt940Parser {
  parse(data: string, withTags: true): Mt940Statement[];
}
const { Parser: Mt940 } = createRequire(import.meta.url)('mt940js') as { Parser: new () => Mt940Parser };

/** ?20–?29 and ?60–?63: the lines of the Verwendungszweck in the German :86: structure (ZKA / DFÜ-Abkommen). */
const PURPOSE_SUBFIELDS = [
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '60',
  '61',
  '62',
  '63',
];
const DAY_MS = 86_400_000;

function mt940Lines(content: string): RawLine[] {
  let statements: Mt940Statement[];
  try {
    statements = new Mt940().parse(content.replace(/\r\n?/g, '\n'), true);
  } catch {
    throw unreadable();
  }
  if (statements.length === 0) throw unreadable();
  return statements.flatMap((statement) => {
    // the amounts as the bank wrote them: mt940js's own :61: pattern, whose 7th group is the mark, 9th the amount
    const amounts = statement.tags
      .filter((tag) => tag.id === 61)
      .map((tag) => {
        const match = new RegExp(tag.re.source).exec(tag.data);
        if (!match?.[7] || match[9] === undefined) throw unreadable();
        // C and RD (reversal of a debit) bring money in; D and RC take it out
        const incoming = match[7] === 'C' || match[7] === 'RD';
        return (incoming ? 1 : -1) * toCents(match[9]);
      });
    const account = statement.accountIdentification.replace(/\s+/g, '').toUpperCase();
    return statement.transactions.map((transaction, index): RawLine => {
      const fields = transaction.structuredDetails;
      const bankReference = transaction.bankReference.trim();
      return {
        account,
        bankReference: bankReference.toUpperCase() === 'NONREF' ? '' : bankReference,
        bookedOn: bookingDay(transaction),
        amountCents: amounts[index]!,
        currency: statement.currency,
        counterpartyName: fields ? `${fields['32'] ?? ''}${fields['33'] ?? ''}`.trim() : '',
        counterpartyIban: fields ? (fields['31'] ?? '').replace(/\s+/g, '').toUpperCase() : '',
        remittance: fields
          ? PURPOSE_SUBFIELDS.map((key) => fields[key]?.trimEnd() ?? '')
              .filter(Boolean)
              .join('\n')
          : transaction.details,
      };
    });
  });
}

/**
 * The booking date: :61:'s optional entry date (MMDD, 'Buchungsdatum'), else the value date. mt940js gives the entry
 * date the value date's year, which is wrong across New Year (value 31.12., booked 02.01.).
 */
function bookingDay(transaction: Mt940Transaction): string {
  const { date, entryDate } = transaction;
  if (!entryDate) return date.toISOString().slice(0, 10);
  const booked = new Date(entryDate);
  const drift = booked.getTime() - date.getTime();
  if (drift > 180 * DAY_MS) booked.setUTCFullYear(booked.getUTCFullYear() - 1);
  if (drift < -180 * DAY_MS) booked.setUTCFullYear(booked.getUTCFullYear() + 1);
  return booked.toISOString().slice(0, 10);
}
