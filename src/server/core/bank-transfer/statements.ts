// Bank statements as lines (docs/product/bank-transfer.md#statement-import): a CAMT.053 file (ISO 20022 XML,
// camt.053.001.02 to .08) or an MT940 file (SWIFT, as German banks export it, with the ?20–?33 subfields of :86:)
// becomes the same list of lines, each with a key that is the same when the file is imported again
// (docs/product/bank-transfer.md#idempotent-import). Pure: no database; the importer stores and matches the lines.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BANK_IMPORT_MESSAGES, type BankStatementLine } from '@shared/bank-statements';
import { isCalendarDay } from '@shared/calendar-day';
import { AppError } from '../app-error';

/** A line of a statement file, as the importer stores it. */
export interface StatementLine extends BankStatementLine {
  /**
   * the bank's entry reference (CAMT AcctSvcrRef / NtryRef, MT940 bank reference) prefixed with the account IBAN,
   * else a sha256 hex of account + date + amount + counterparty IBAN + name + remittance + the line's position
   * among identical lines of that day
   */
  dedupeKey: string;
}

export type StatementFormat = 'camt053' | 'mt940' | 'csv';

/** The largest amount a line may carry: what the database's integer column holds (2^31 − 1 cents). */
export const MAX_AMOUNT_CENTS = 2_147_483_647;
/** CAMT.053 nests about 12 deep; anything far deeper is no statement (docs/product/bank-transfer.md#hostile-files). */
export const MAX_XML_DEPTH = 40;

/** A line before its key: the account it was booked on and the bank's reference, if it gave one. */
export interface RawLine extends Omit<StatementLine, 'dedupeKey'> {
  account: string;
  bankReference: string;
}

const M = BANK_IMPORT_MESSAGES;
const unreadable = () => new AppError('validation_failed', M.unreadable);

/**
 * What is wrong with one line; whoever knows the line's number turns it into 'Zeile 502: …'
 * (docs/product/bank-transfer.md#hostile-files).
 */
export class LineProblem extends Error {}

/** 'Zeile 502: Der Betrag ist zu groß.' */
export const lineError = (lineNumber: number, problem: string) =>
  new AppError('validation_failed', M.line(lineNumber, problem));

/**
 * Characters no statement line may hold: control characters (NUL, which PostgreSQL cannot store, ESC, the C1
 * range that a wrongly decoded file shows), UTF-16 halves without their partner, and the bidirectional
 * overrides that would turn a name around on the admin's screen. Tab and line breaks are text.
 */
const BAD_CHARACTER =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasBadCharacter = (text: string) => BAD_CHARACTER.test(text);

/** Each field of a raw line that is stored or keyed, with how a message names it. */
const TEXT_FIELDS: [keyof RawLine, string][] = [
  ['remittance', M.fields.remittance],
  ['counterpartyName', M.fields.name],
  ['counterpartyIban', M.fields.iban],
  ['bankReference', M.fields.reference],
  ['account', M.fields.account],
];

/** The first problem of a line that parsed: a character, an amount out of range, a currency or day that is none. */
export function lineProblem(line: RawLine): string | null {
  for (const [field, label] of TEXT_FIELDS) {
    if (hasBadCharacter(String(line[field]))) return M.badCharacter(label);
  }
  if (!Number.isSafeInteger(line.amountCents) || Math.abs(line.amountCents) > MAX_AMOUNT_CENTS)
    return M.amountTooLarge;
  if (!/^[A-Z]{3}$/.test(line.currency)) return M.currencyInvalid;
  if (!isCalendarDay(line.bookedOn)) return M.date;
  return null;
}

/** Every line checked, numbered by `numberOf(index)`; the first problem stops the file. */
export function checkLines(lines: RawLine[], numberOf = (index: number) => index + 1): RawLine[] {
  lines.forEach((line, index) => {
    const problem = lineProblem(line);
    if (problem) throw lineError(numberOf(index), problem);
  });
  return lines;
}

export function parseStatement(content: Uint8Array | string): {
  format: StatementFormat;
  lines: StatementLine[];
} {
  const text = decode(content);
  const head = text.trimStart();
  if (head.startsWith('<')) {
    if (!CAMT053_ROOT.test(head.slice(0, 2_000))) throw unreadable();
    return { format: 'camt053', lines: withKeys(checkLines(camtLines(text))) };
  }
  if (/^:20:/m.test(text)) return { format: 'mt940', lines: withKeys(checkLines(mt940Lines(text))) };
  throw unreadable();
}

/**
 * UTF-16 when the bytes start with its byte-order mark (Excel's 'Unicode text'), UTF-8 when they are valid
 * UTF-8, else Windows-1252, the superset of Latin-1 that German banks write MT940 and CSV in (its € is 0x80).
 */
export function decode(content: Uint8Array | string): string {
  let text: string;
  if (typeof content === 'string') text = content;
  else if (content[0] === 0xff && content[1] === 0xfe) text = new TextDecoder('utf-16le').decode(content);
  else if (content[0] === 0xfe && content[1] === 0xff) text = new TextDecoder('utf-16be').decode(content);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      text = new TextDecoder('windows-1252').decode(content);
    }
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * '1234.5' / '1234,50' / '1234,' → cents, from the digits (never through a float). The sign is the file's
 * credit/debit mark, so a minus is wrong here; beyond MAX_AMOUNT_CENTS is no transfer (and no database integer).
 */
function toCents(amount: string): number {
  const value = amount.trim();
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(value);
  if (!match) throw new LineProblem(/^-\s*\d/.test(value) ? M.amountNegative : M.amountMissing);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) throw new LineProblem(M.amountDecimals);
  const cents = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
  if (!(cents <= MAX_AMOUNT_CENTS)) throw new LineProblem(M.amountTooLarge);
  return cents;
}

/**
 * The key of each line (docs/product/bank-transfer.md#idempotent-import): the bank's reference where it gave one,
 * else a hash of what the line says plus its position among identical lines of that day, so that two equal
 * transfers on one day stay two lines and a re-import of the same day finds both again. A bank reference seen twice
 * in one file (which a bank should not do) gets '#2', '#3' …, so no money of the file is skipped as a duplicate.
 */
const MAX_KEY_LENGTH = 200;

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
    const key = bankReference
      ? position === 1
        ? base
        : `${base}#${position}`
      : createHash('sha256').update(`${base}\u0000${position}`).digest('hex');
    // a reference far beyond the 35 characters of the standards would not fit the key's index
    const dedupeKey =
      key.length > MAX_KEY_LENGTH ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
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
  // numeric character references ('M&#252;ller') are XML and mean their character, so '&#0;' is a NUL and refused
  htmlEntities: true,
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

/**
 * Refuses, before any parser sees the file, what no bank writes into a statement and what turns XML into a
 * weapon (docs/product/bank-transfer.md#hostile-files): a DOCTYPE or ENTITY declaration (external entities,
 * entity expansion) and nesting deeper than MAX_XML_DEPTH (the parser's time grows with depth × elements).
 * The depth is counted in one pass over the tags, without building anything.
 */
export function refuseHostileXml(content: string): void {
  if (/<!(?:DOCTYPE|ENTITY)/i.test(content)) throw new AppError('validation_failed', M.doctype);
  let depth = 0;
  let at = content.indexOf('<');
  while (at !== -1) {
    const next = content[at + 1];
    if (content.startsWith('<!--', at)) at = skipPast(content, '-->', at);
    else if (content.startsWith('<![CDATA[', at)) at = skipPast(content, ']]>', at);
    else if (next === '?' || next === '!') at = skipPast(content, '>', at);
    else {
      const end = content.indexOf('>', at);
      if (end === -1) return; // unfinished: the validator says where
      if (next === '/') depth--;
      else if (content[end - 1] !== '/' && ++depth > MAX_XML_DEPTH) {
        throw new AppError('validation_failed', M.tooDeep);
      }
      at = end + 1;
    }
    at = at === -1 ? -1 : content.indexOf('<', at);
  }
}
const skipPast = (content: string, marker: string, from: number) => {
  const end = content.indexOf(marker, from);
  return end === -1 ? -1 : end + marker.length;
};

function camtLines(content: string): RawLine[] {
  refuseHostileXml(content);
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw new AppError('validation_failed', M.xmlBroken(valid.err.line));
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
      try {
        lines.push(...entryLines(entry, account, accountCurrency));
      } catch (error) {
        // the entry's first line: the one the admin finds in the bank's list
        if (error instanceof LineProblem) throw lineError(lines.length + 1, error.message);
        throw error;
      }
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
  if (!isCalendarDay(bookedOn)) throw new LineProblem(M.date);
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
  throw new LineProblem(M.creditDebit);
}

/** The amount's Ccy, else the account's, else EUR (docs/product/bank-transfer.md#currency). */
function currencyOf(amount: Node | undefined, fallback: string): string {
  const currency = typeof amount === 'object' ? amount['@_Ccy'] : undefined;
  const code = ((typeof currency === 'string' && currency.trim()) || fallback || 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new LineProblem(M.currencyInvalid);
  return code;
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
  const lines: RawLine[] = [];
  for (const statement of statements) {
    const tags = statement.tags.filter((tag) => tag.id === 61);
    if (tags.length !== statement.transactions.length) throw unreadable();
    const account = statement.accountIdentification.replace(/\s+/g, '').toUpperCase();
    statement.transactions.forEach((transaction, index) => {
      try {
        lines.push(mt940Line(transaction, tags[index]!, account, statement.currency));
      } catch (error) {
        if (error instanceof LineProblem) throw lineError(lines.length + 1, error.message);
        throw error;
      }
    });
  }
  return lines;
}

function mt940Line(transaction: Mt940Transaction, tag: Mt940Tag, account: string, currency: string): RawLine {
  // the amount as the bank wrote it: mt940js's own :61: pattern, whose 7th group is the mark, 9th the amount
  const match = new RegExp(tag.re.source).exec(tag.data);
  if (!match?.[7] || match[9] === undefined) throw new LineProblem(M.amountMissing);
  // C and RD (reversal of a debit) bring money in; D and RC take it out
  const incoming = match[7] === 'C' || match[7] === 'RD';
  const fields = transaction.structuredDetails;
  const bankReference = transaction.bankReference.trim();
  return {
    account,
    bankReference: bankReference.toUpperCase() === 'NONREF' ? '' : bankReference,
    bookedOn: bookingDay(transaction),
    amountCents: (incoming ? 1 : -1) * toCents(match[9]),
    currency: currency.toUpperCase(),
    counterpartyName: fields ? `${fields['32'] ?? ''}${fields['33'] ?? ''}`.trim() : '',
    counterpartyIban: fields ? (fields['31'] ?? '').replace(/\s+/g, '').toUpperCase() : '',
    remittance: fields
      ? PURPOSE_SUBFIELDS.map((key) => fields[key]?.trimEnd() ?? '')
          .filter(Boolean)
          .join('\n')
      : transaction.details,
  };
}

/**
 * The booking date: :61:'s optional entry date (MMDD, 'Buchungsdatum'), else the value date. mt940js gives the entry
 * date the value date's year, which is wrong across New Year (value 31.12., booked 02.01.).
 */
function bookingDay(transaction: Mt940Transaction): string {
  const { date, entryDate } = transaction;
  if (Number.isNaN(date.getTime())) throw new LineProblem(M.date);
  if (!entryDate) return date.toISOString().slice(0, 10);
  const booked = new Date(entryDate);
  if (Number.isNaN(booked.getTime())) throw new LineProblem(M.date);
  const drift = booked.getTime() - date.getTime();
  if (drift > 180 * DAY_MS) booked.setUTCFullYear(booked.getUTCFullYear() - 1);
  if (drift < -180 * DAY_MS) booked.setUTCFullYear(booked.getUTCFullYear() + 1);
  return booked.toISOString().slice(0, 10);
}
