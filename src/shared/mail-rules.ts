import { z } from 'zod';

// Scheduled mails to an event's participants, messages to them, and the minimum attendance of an event
// (docs/product/event-mails.md, decision 038). Every request and answer, and their German texts.

/** When a rule is due: so long before the start, or so long after the end. */
export const MAIL_RULE_TRIGGERS = ['before_start', 'after_end'] as const;
export type MailRuleTrigger = (typeof MAIL_RULE_TRIGGERS)[number];
/** Whom a rule writes to: holders of active tickets, of those the checked-in ones, or those not checked in. */
export const MAIL_RULE_AUDIENCES = ['active', 'checked_in', 'not_checked_in'] as const;
export type MailRuleAudience = (typeof MAIL_RULE_AUDIENCES)[number];

export const MAIL_RULE_TRIGGER_LABELS: Record<MailRuleTrigger, string> = {
  before_start: 'vor Beginn',
  after_end: 'nach Ende',
};
export const MAIL_RULE_AUDIENCE_LABELS: Record<MailRuleAudience, string> = {
  active: 'Alle mit gültigem Ticket',
  checked_in: 'Nur Eingecheckte',
  not_checked_in: 'Nur nicht Eingecheckte',
};

/** The placeholders a rule's or message's subject and text may use, with what they stand for. */
export const MAIL_PLACEHOLDERS = {
  vorname: 'Vorname der Person auf dem Ticket',
  event: 'Titel des Events',
  datum: 'Datum, z. B. Sa., 12.12.2026',
  uhrzeit: 'Uhrzeit, z. B. 10:00–17:00 Uhr',
  ort: 'Ort (oder „Online“)',
  online_link: 'Zugangslink bei Online-Events (sonst leer)',
  ticket_code: 'Ticket-Code (letzte 4 Zeichen der Ticketnummer)',
  bestellnummer: 'Bestellnummer, z. B. WR-7K3Q9F',
  /** docs/product/feedback.md#mail: the ticket's own signed link; only where the event's survey is on */
  feedback_link: 'Link zur Umfrage „Wie war’s?“ (nur wenn die Umfrage des Events eingeschaltet ist)',
} as const;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;

/** A rule may be due at most this long before the start or after the end (90 days). */
export const MAX_RULE_OFFSET_MINUTES = 90 * 24 * 60;

export const MAIL_RULE_MESSAGES = {
  name: 'Bitte gib der Regel einen Namen (höchstens 100 Zeichen).',
  offset: `Bitte einen Zeitpunkt zwischen 0 Minuten und ${MAX_RULE_OFFSET_MINUTES / 1440} Tagen angeben.`,
  trigger: 'Bitte „vor Beginn“ oder „nach Ende“ wählen.',
  audience: 'Bitte wählen, an wen die E-Mail geht.',
  subject: 'Bitte einen Betreff angeben (höchstens 200 Zeichen).',
  body: 'Bitte einen Text angeben (höchstens 10.000 Zeichen).',
  unknownPlaceholder: (name: string) =>
    `Den Platzhalter {${name}} gibt es nicht. Möglich sind: ${Object.keys(MAIL_PLACEHOLDERS)
      .map((key) => `{${key}}`)
      .join(', ')}.`,
  notFound: 'Diese E-Mail-Regel gibt es nicht.',
  eventNotFound: 'Event nicht gefunden',
  overrideExists: 'Für dieses Event gibt es schon eine eigene Fassung dieser Regel.',
  saved: 'E-Mail-Regel gespeichert.',
  deleted: 'E-Mail-Regel gelöscht.',
  noRecipients: 'Es gibt keine Teilnehmenden mit gültigem Ticket, an die die Nachricht gehen könnte.',
  messageSent: (count: number) =>
    count === 1 ? 'Nachricht an 1 Person verschickt.' : `Nachricht an ${count} Personen verschickt.`,
  minimum: 'Bitte eine Mindestteilnehmerzahl von 1 bis 100.000 angeben oder das Feld leer lassen.',
  decisionHours: 'Bitte angeben, wie viele Stunden vor Beginn entschieden wird (1 bis 2.160).',
  minimumConfirmed: 'Das Event findet statt: Die Mindestteilnehmerzahl ist bestätigt.',
  noMinimum: 'Für dieses Event ist keine Mindestteilnehmerzahl festgelegt.',
  minimumDecided: 'Über die Mindestteilnehmerzahl ist bereits entschieden.',
} as const;

const subject = z
  .string(MAIL_RULE_MESSAGES.subject)
  .trim()
  .min(1, MAIL_RULE_MESSAGES.subject)
  .max(200, MAIL_RULE_MESSAGES.subject);
const body = z
  .string(MAIL_RULE_MESSAGES.body)
  .trim()
  .min(1, MAIL_RULE_MESSAGES.body)
  .max(10_000, MAIL_RULE_MESSAGES.body);

/** The names in `{…}` of a text that are not placeholders. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{([^{}\s]*)\}/g)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !(name in MAIL_PLACEHOLDERS)))];
}

const withKnownPlaceholders = (value: { subject: string; body: string }, ctx: z.RefinementCtx) => {
  for (const field of ['subject', 'body'] as const) {
    const [unknown] = unknownPlaceholders(value[field]);
    if (unknown !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: MAIL_RULE_MESSAGES.unknownPlaceholder(unknown),
      });
    }
  }
};

/** POST /api/admin/mail-rules and PUT /api/admin/mail-rules/:id. */
export const mailRuleInputSchema = z
  .object({
    name: z
      .string(MAIL_RULE_MESSAGES.name)
      .trim()
      .min(1, MAIL_RULE_MESSAGES.name)
      .max(100, MAIL_RULE_MESSAGES.name),
    trigger: z.enum(MAIL_RULE_TRIGGERS, { error: MAIL_RULE_MESSAGES.trigger }),
    offsetMinutes: z
      .number(MAIL_RULE_MESSAGES.offset)
      .int(MAIL_RULE_MESSAGES.offset)
      .min(0, MAIL_RULE_MESSAGES.offset)
      .max(MAX_RULE_OFFSET_MINUTES, MAIL_RULE_MESSAGES.offset),
    audience: z.enum(MAIL_RULE_AUDIENCES, { error: MAIL_RULE_MESSAGES.audience }),
    subject,
    body,
    attachTicket: z.boolean(),
    /** issues and attaches the ticket's certificate of attendance (docs/product/certificates.md#mail) */
    attachCertificate: z.boolean().default(false),
    enabled: z.boolean(),
    /** Only on create: the rule belongs to this event (its own rule, or with `overridesRuleId` its fassung). */
    eventId: z.uuid(MAIL_RULE_MESSAGES.eventNotFound).nullable().optional(),
    /** Only on create, with eventId: this event uses this rule instead of the global one. */
    overridesRuleId: z.uuid(MAIL_RULE_MESSAGES.notFound).nullable().optional(),
  })
  .superRefine(withKnownPlaceholders);
export type MailRuleInput = z.input<typeof mailRuleInputSchema>;

/** One rule as the admin sees it (GET /api/admin/mail-rules[?eventId=]). */
export interface MailRule {
  id: string;
  name: string;
  trigger: MailRuleTrigger;
  offsetMinutes: number;
  audience: MailRuleAudience;
  subject: string;
  body: string;
  attachTicket: boolean;
  attachCertificate: boolean;
  enabled: boolean;
  /** null: a global rule for every event. */
  eventId: string | null;
  /** Set on an event's own fassung of a global rule. */
  overridesRuleId: string | null;
  /** Mails this rule has sent (one per ticket), and the last one. */
  sentCount: number;
  lastSentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/mail-rules: the global rules; with ?eventId= also that event's own rules and fassungen. */
export interface MailRuleList {
  rules: MailRule[];
}

/** GET /api/admin/mail-rules/:id/log: the send log of a rule, newest first (at most 200). */
export interface MailRuleLogEntry {
  eventId: string;
  eventTitle: string;
  ticketCode: string;
  to: string;
  sentAt: string;
}
export interface MailRuleLog {
  entries: MailRuleLogEntry[];
  total: number;
}

/** POST /api/admin/mail-rules/preview (the participant message's preview takes participantMessageSchema). */
export const mailPreviewSchema = z
  .object({
    subject,
    body,
    /** The event whose first active ticket fills the placeholders; without it a sample ticket. */
    eventId: z.uuid(MAIL_RULE_MESSAGES.eventNotFound).nullable().optional(),
  })
  .superRefine(withKnownPlaceholders);
export type MailPreviewInput = z.input<typeof mailPreviewSchema>;

export interface MailPreview {
  subject: string;
  text: string;
  html: string;
  /** Whose ticket filled the placeholders ('Beispielticket' when none was found). */
  sample: string;
}

/**
 * POST /api/participants/:eventId/message: 'Nachricht an alle' or to the chosen tickets; also the body of
 * POST /api/participants/:eventId/message/preview, which renders it for the first of those recipients.
 */
export const participantMessageSchema = z
  .object({
    subject,
    body,
    /** Only these tickets' holders; without it every active ticket of the event. */
    ticketIds: z.array(z.uuid()).max(5000).optional(),
  })
  .superRefine(withKnownPlaceholders);
export type ParticipantMessageInput = z.input<typeof participantMessageSchema>;

export interface ParticipantMessageResult {
  /** Mails written (one per person, even with several tickets). */
  recipients: number;
  message: string;
}

/** POST /api/participants/:eventId/message/preview: the preview and how many persons the message would reach. */
export interface ParticipantMessagePreview extends MailPreview {
  /** Persons (addresses) it would go to now; 0: nobody, sending answers 409. */
  recipients: number;
}

/** GET /api/participants/:eventId/messages: the messages sent to an event's participants, newest first. */
export interface ParticipantMessageLogEntry {
  id: string;
  subject: string;
  /** Mails written (one per person). */
  recipients: number;
  createdAt: string;
  /** Who sent it; null when the account is gone. */
  actorName: string | null;
}
export interface ParticipantMessageLog {
  messages: ParticipantMessageLogEntry[];
}
