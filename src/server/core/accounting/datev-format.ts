import { zonedParts } from '@shared/event-rules';
import { encodeWindows1252, winAnsiText } from './windows-1252';

// DATEV-Format 'Buchungsstapel' as DATEV's Formatbeschreibung sets it (decision 066): header line 'EXTF',
// Versionsnummer 700, Formatkategorie 21, Formatversion 13 with its 31 header fields; the headings line; then
// one line of 125 fields per booking. Semicolons, text in double quotes, amounts with a decimal comma and
// without sign, Windows-1252, CRLF.

export const EXTF_VERSION = 700;
/** DATEV reads at most this many bookings from one file. */
export const MAX_BOOKINGS = 99_999;
export const BUCHUNGSSTAPEL_CATEGORY = 21;
export const BUCHUNGSSTAPEL_FORMAT_VERSION = 13;

/** The 125 headings of Formatversion 13, by position (DATEV's importer reads columns by position). */
export const BUCHUNGSSTAPEL_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/** One booking line: Konto an Gegenkonto ('S') or Gegenkonto an Konto ('H'), a positive amount. */
export interface DatevLine {
  amountCents: number;
  side: 'S' | 'H';
  account: string;
  contraAccount: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** The document's number: invoice or cancellation invoice, else the order number. */
  beleg1: string;
  /** The order number. */
  beleg2: string;
  text: string;
  /** The document's GUID in the ZIP's document.xml ('BEDI "…"'); only on invoice lines. */
  documentGuid?: string;
}

export interface DatevHeader {
  createdAt: Date;
  /** 'Exportiert von' */
  exportedBy: string;
  consultantNumber: string;
  clientNumber: string;
  /** 'YYYY-MM-DD' */
  fiscalYearStart: string;
  accountLength: number;
  from: string;
  to: string;
  /** 'Bezeichnung', at most 30 characters */
  label: string;
  chart: '03' | '04';
  currency: string;
}

const ymd = (day: string) => day.replaceAll('-', '');
const quoted = (text: string) => `"${winAnsiText(text).replaceAll('"', "'")}"`;
/** Belegfeld 1 takes letters, digits and $ & % * + - / only, at most 36; Belegfeld 2 at most 12. */
const belegField = (text: string, max: number) =>
  quoted(text.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, max));
/** '1234,56': without sign and thousands separator. */
export const datevAmount = (cents: number) =>
  `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

function createdStamp(at: Date, zone: string): string {
  const { year, month, day, hour, minute, second } = zonedParts(at, zone);
  return `${year}${month}${day}${hour}${minute}${second}${String(at.getMilliseconds()).padStart(3, '0')}`;
}

/** The first line: the 31 header fields of a Buchungsstapel. */
export function datevHeaderLine(header: DatevHeader, zone: string): string {
  const fields = [
    quoted('EXTF'),
    String(EXTF_VERSION),
    String(BUCHUNGSSTAPEL_CATEGORY),
    quoted('Buchungsstapel'),
    String(BUCHUNGSSTAPEL_FORMAT_VERSION),
    createdStamp(header.createdAt, zone),
    '', // importiert
    quoted('RE'), // Herkunft: Rechnungswesen
    quoted(header.exportedBy.slice(0, 25)),
    quoted(''), // importiert von
    header.consultantNumber,
    header.clientNumber,
    ymd(header.fiscalYearStart),
    String(header.accountLength),
    ymd(header.from),
    ymd(header.to),
    quoted(header.label.slice(0, 30)),
    quoted(''), // Diktatkürzel
    '1', // Buchungstyp: Finanzbuchführung
    '0', // Rechnungslegungszweck: unabhängig
    '0', // Festschreibung: nein, the tax adviser reviews first
    quoted(header.currency),
    '',
    quoted(''), // Derivatskennzeichen
    '',
    '',
    quoted(header.chart),
    '', // ID der Branchenlösung
    '',
    quoted(''),
    quoted(''), // Anwendungsinformation
  ];
  return fields.join(';');
}

export const datevHeadingsLine = () => BUCHUNGSSTAPEL_COLUMNS.join(';');

/** One booking as its 125 fields. */
export function datevBookingLine(line: DatevLine, currency: string): string {
  const fields: string[] = new Array<string>(BUCHUNGSSTAPEL_COLUMNS.length).fill('');
  const [, month, day] = line.date.split('-');
  fields[0] = datevAmount(line.amountCents);
  fields[1] = quoted(line.side);
  fields[2] = quoted(currency);
  fields[6] = line.account;
  fields[7] = line.contraAccount;
  fields[9] = `${day}${month}`;
  fields[10] = belegField(line.beleg1, 36);
  fields[11] = belegField(line.beleg2, 12);
  fields[13] = quoted(line.text.slice(0, 60));
  // 'BEDI "<guid>"' with its quotes doubled, as CSV writes a quote inside a quoted field
  if (line.documentGuid) fields[19] = `"BEDI ""${line.documentGuid.replace(/[^0-9a-f-]/gi, '')}"""`;
  return fields.join(';');
}

/** The whole file, Windows-1252 with CRLF: header, headings, the lines (none: an empty but valid stapel). */
export function datevFile(header: DatevHeader, lines: readonly DatevLine[], zone: string): Uint8Array {
  const text = [
    datevHeaderLine(header, zone),
    datevHeadingsLine(),
    ...lines.map((line) => datevBookingLine(line, header.currency)),
  ]
    .map((row) => `${row}\r\n`)
    .join('');
  return encodeWindows1252(text);
}
