import { z } from 'zod';
import { CERTIFICATE_CHECK_NOT_FOUND, type CertificateStatus } from './certificate-check';

// Certificates of attendance ('Teilnahmebescheinigung', docs/product/certificates.md): what one shows, the
// states it can be in, the event's settings as the admin fills them, and the German texts of both sides.

export const CERTIFICATE_UNITS = ['ue', 'hours'] as const;
/** 'ue': Unterrichtseinheiten à 45 Minuten; 'hours': Zeitstunden. */
export type CertificateUnit = (typeof CERTIFICATE_UNITS)[number];

export {
  CERTIFICATE_CHECK_NOT_FOUND,
  CERTIFICATE_CHECK_TEXTS,
  CERTIFICATE_STATUSES,
  type CertificateCheck,
  type CertificateStatus,
} from './certificate-check';

/** Everything an issued certificate shows, fixed at issue (a later change of the event does not alter it). */
export type CertificateDocument = {
  holderName: string;
  eventTitle: string;
  /** e.g. 'Sa., 12.12.2026, 10:00–17:00 Uhr' */
  dates: string;
  venue: string;
  content: string;
  topics: string[];
  amount: string | null;
  unit: CertificateUnit;
  leaderName: string;
  leaderRole: string;
  signatureKey: string | null;
  accreditation: string;
  organizer: { name: string; address: string };
  issuedOn: string;
};

/**
 * The check code's alphabet (docs/decisions/064-certificates.md#check-code): A–Z and 2–9 without I, O, 0 and 1,
 * which read alike. 32 signs, so each is 5 bits and 12 of them are 60 bits.
 */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CERTIFICATE_CODE_LENGTH = 12;
/** What a typed or scanned code may look like before the database is asked (the DB allows [A-Z2-9]{12}). */
export const CERTIFICATE_CODE_PATTERN = /^[A-Z2-9]{12}$/;

/** The public check page of a code (docs/product/certificates.md#check-page). */
export const certificateCheckPath = (code: string) => `/bescheinigung/${encodeURIComponent(code)}`;

/** 'Teilnahmebescheinigung-Achtsamkeit-im-Alltag-Anna-Meier.pdf', without characters a file system dislikes. */
export function certificateFileName(
  document: Pick<CertificateDocument, 'eventTitle' | 'holderName'>,
): string {
  const part = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40);
  return ['Teilnahmebescheinigung', part(document.eventTitle), part(document.holderName)]
    .filter(Boolean)
    .join('-')
    .concat('.pdf');
}

/**
 * The name as the public check page shows it (docs/product/certificates.md#check-page): the first given name
 * and the initial of the last name, 'Anna M.'; a single name stays as it is.
 */
export function abbreviatedName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  if (parts.length === 1) return parts[0]!;
  const last = parts.at(-1)!;
  return `${parts[0]} ${[...last][0]!.toUpperCase()}.`;
}

/** '8 Unterrichtseinheiten (à 45 Minuten)', '6,5 Zeitstunden'; '' without an amount. */
export function amountText(amount: string | null, unit: CertificateUnit): string {
  if (amount === null || amount === '') return '';
  const value = Number(amount);
  if (!Number.isFinite(value)) return '';
  const shown = value.toLocaleString('de-DE', { maximumFractionDigits: 2 });
  if (unit === 'ue') {
    return `${shown} ${value === 1 ? 'Unterrichtseinheit' : 'Unterrichtseinheiten'} (à 45 Minuten)`;
  }
  return `${shown} ${value === 1 ? 'Zeitstunde' : 'Zeitstunden'}`;
}

export const CERTIFICATE_UNIT_LABELS: Record<CertificateUnit, string> = {
  ue: 'Unterrichtseinheiten (à 45 Minuten)',
  hours: 'Zeitstunden',
};

export const CERTIFICATE_MESSAGES = {
  settingsSaved: 'Die Einstellungen der Teilnahmebescheinigung sind gespeichert.',
  settingsFailed: 'Die Einstellungen konnten nicht gespeichert werden.',
  eventNotFound: 'Event nicht gefunden.',
  ticketNotFound: 'Ticket nicht gefunden.',
  notFound: 'Diese Bescheinigung gibt es nicht.',
  checkNotFound: CERTIFICATE_CHECK_NOT_FOUND,
  notEnabled:
    'Für dieses Event sind Teilnahmebescheinigungen ausgeschaltet. Schalte sie in den Einstellungen des Events ein.',
  notStarted: 'Eine Teilnahmebescheinigung gibt es erst, wenn das Event begonnen hat.',
  cancelled: 'Für ein storniertes Ticket gibt es keine Teilnahmebescheinigung.',
  incomplete: 'Bitte gib vor dem Ausstellen an, was die Bescheinigung bestätigt: Inhalt und Umfang.',
  alreadyRevoked: 'Diese Bescheinigung ist schon widerrufen.',
  notValid: 'Nur eine gültige Bescheinigung kann widerrufen oder neu ausgestellt werden.',
  noName: 'Bitte gib den Namen an, der auf der Bescheinigung stehen soll.',
  issued: (count: number) =>
    count === 1 ? '1 Bescheinigung ausgestellt.' : `${count} Bescheinigungen ausgestellt.`,
  noneToIssue: 'Alle, die eine Bescheinigung bekommen, haben schon eine.',
  revoked: 'Die Bescheinigung ist widerrufen.',
  reissued: 'Die Bescheinigung ist neu ausgestellt; die alte gilt als ersetzt.',
  signatureSaved: 'Die Unterschrift ist gespeichert.',
  signatureRemoved: 'Die Unterschrift ist entfernt.',
} as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`)
    .refine((value) => !/[<>]/.test(value), `${label} darf keine spitzen Klammern enthalten.`);

/** The event's card 'Teilnahmebescheinigung' (docs/product/certificates.md#settings). */
export const certificateSettingsSchema = z.object({
  enabled: z.boolean(),
  // what fits on the page above the signature (docs/product/certificates.md#document)
  content: text(1200, 'Der Inhalt'),
  /** One topic per line; at most 12. */
  topics: text(1200, 'Die Themen').refine(
    (value) => value.split('\n').filter((line) => line.trim()).length <= 12,
    'Bitte höchstens 12 Themen, eines pro Zeile.',
  ),
  /** '8' or '6,5' or '6.5' (as typed), or '' for none. */
  amount: z
    .string()
    .trim()
    .transform((value) => value.replace(',', '.'))
    .refine(
      (value) =>
        value === '' || (/^\d{1,4}(\.\d{1,2})?$/.test(value) && Number(value) > 0 && Number(value) <= 1000),
      'Bitte gib den Umfang als Zahl größer 0 an (höchstens 1000, bis zu zwei Nachkommastellen).',
    ),
  unit: z.enum(CERTIFICATE_UNITS, 'Bitte wähle Unterrichtseinheiten oder Zeitstunden.'),
  leaderName: text(120, 'Der Name der Leitung'),
  leaderRole: text(120, 'Die Rolle der Leitung'),
  accreditation: text(300, 'Die Anerkennung'),
});
export type CertificateSettingsInput = z.input<typeof certificateSettingsSchema>;

/**
 * Switched on, a certificate needs what it confirms (docs/product/certificates.md#settings): the fields still
 * empty, with their messages; none while off or complete. The card checks it before sending, the server again.
 */
export function incompleteSettings(settings: {
  enabled: boolean;
  content: string;
  amount: string;
}): { path: 'content' | 'amount'; message: string }[] {
  if (!settings.enabled) return [];
  return [
    ...(settings.content.trim()
      ? []
      : [{ path: 'content' as const, message: 'Bitte beschreibe den Inhalt der Veranstaltung.' }]),
    ...(settings.amount.trim() ? [] : [{ path: 'amount' as const, message: 'Bitte gib den Umfang an.' }]),
  ];
}

/** GET /api/admin/events/:id/certificate-settings. `amount` as the form shows it ('6,5'), '' for none. */
export interface CertificateSettingsView {
  enabled: boolean;
  content: string;
  topics: string;
  amount: string;
  unit: CertificateUnit;
  leaderName: string;
  leaderRole: string;
  accreditation: string;
  /** Whether a signature image is stored; it is shown through the preview only. */
  hasSignature: boolean;
}

export const certificateIssueSchema = z.object({
  /** Those tickets; without: every ticket that gets one (docs/product/certificates.md#who) and has none. */
  ticketIds: z.array(z.uuid(CERTIFICATE_MESSAGES.ticketNotFound)).max(1000).optional(),
});

export const certificateReissueSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CERTIFICATE_MESSAGES.noName)
    .max(120, 'Der Name darf höchstens 120 Zeichen lang sein.')
    .refine((value) => !/[<>]/.test(value), 'Der Name darf keine spitzen Klammern enthalten.'),
});

/** One issued certificate as the back office lists it. */
export interface AdminCertificate {
  id: string;
  code: string;
  status: CertificateStatus;
  holderName: string;
  issuedAt: string;
  revokedAt: string | null;
}

/** One ticket of the event with its certificates (GET /api/admin/events/:id/certificates). */
export interface CertificateTicketRow {
  ticketId: string;
  /** The name the ticket carries now. */
  holderName: string;
  /** The ticket's four-character code. */
  code: string;
  ticketStatus: 'active' | 'cancelled';
  checkedIn: boolean;
  /** Whether 'Alle ausstellen' and the mail rule give this ticket one (docs/product/certificates.md#who). */
  eligible: boolean;
  /** The valid one, if any. */
  current: AdminCertificate | null;
  /** Revoked and replaced ones, newest first. */
  earlier: AdminCertificate[];
}

export interface EventCertificates {
  enabled: boolean;
  /** The event has begun: certificates may be issued. */
  started: boolean;
  /** Nobody was checked in: every active ticket counts as present (docs/product/certificates.md#who). */
  withoutCheckIn: boolean;
  tickets: CertificateTicketRow[];
}
