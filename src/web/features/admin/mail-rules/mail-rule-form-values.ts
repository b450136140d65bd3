import {
  mailRuleInputSchema,
  type MailRule,
  type MailRuleAudience,
  type MailRuleInput,
  type MailRuleTrigger,
} from '@shared/mail-rules';
import { ApiError } from '@web/lib/api-client';
import { offsetMinutesOf, splitOffset, type OffsetUnit } from './mail-rule-timing';

// The edit dialog's values (docs/product/event-mails.md#mail-rules): what the inputs hold, the request body
// they make, and the messages at the fields from the browser's check or the server's 422.

export interface MailRuleValues {
  name: string;
  /** The 'Zeitpunkt' number as typed. */
  amount: string;
  unit: OffsetUnit;
  trigger: MailRuleTrigger;
  audience: MailRuleAudience;
  subject: string;
  body: string;
  attachTicket: boolean;
  /** issues and attaches the certificate of attendance (docs/product/certificates.md#mail) */
  attachCertificate: boolean;
  enabled: boolean;
}

export const RULE_FIELDS = ['name', 'offsetMinutes', 'trigger', 'audience', 'subject', 'body'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleErrors = Partial<Record<RuleField, string>>;

/** A new rule: two days before the start, to everyone with a valid ticket, active. */
export const EMPTY_RULE_VALUES: MailRuleValues = {
  name: '',
  amount: '2',
  unit: 'days',
  trigger: 'before_start',
  audience: 'active',
  subject: '',
  body: '',
  attachTicket: false,
  attachCertificate: false,
  enabled: true,
};

/** A stored rule's fields in the dialog (also a global rule's, as the start of an event's fassung). */
export function valuesOf(rule: MailRule): MailRuleValues {
  const { amount, unit } = splitOffset(rule.offsetMinutes);
  return {
    name: rule.name,
    amount: String(amount),
    unit,
    trigger: rule.trigger,
    audience: rule.audience,
    subject: rule.subject,
    body: rule.body,
    attachTicket: rule.attachTicket,
    attachCertificate: rule.attachCertificate,
    enabled: rule.enabled,
  };
}

/** The request body of POST/PUT /api/admin/mail-rules (eventId and overridesRuleId only on create). */
export function inputOf(
  values: MailRuleValues,
  target: { eventId?: string | null; overridesRuleId?: string | null } = {},
): MailRuleInput {
  const { amount, unit, ...fields } = values;
  return {
    ...fields,
    offsetMinutes: offsetMinutesOf(amount, unit),
    ...(target.eventId ? { eventId: target.eventId } : {}),
    ...(target.eventId && target.overridesRuleId ? { overridesRuleId: target.overridesRuleId } : {}),
  };
}

/** A stored rule's own fields as a PUT body (e.g. for the 'an/aus' switch). */
export const ruleInputOf = (rule: MailRule, change: Partial<MailRuleInput> = {}): MailRuleInput => ({
  name: rule.name,
  trigger: rule.trigger,
  offsetMinutes: rule.offsetMinutes,
  audience: rule.audience,
  subject: rule.subject,
  body: rule.body,
  attachTicket: rule.attachTicket,
  attachCertificate: rule.attachCertificate,
  enabled: rule.enabled,
  ...change,
});

const isRuleField = (value: string): value is RuleField => (RULE_FIELDS as readonly string[]).includes(value);

/** The first message per field of a list of problems (zod's issues, or the server's details). */
export function ruleErrorsOf(
  issues: readonly { path: PropertyKey[] | string; message: string }[],
): RuleErrors {
  const errors: RuleErrors = {};
  for (const { path, message } of issues) {
    const top = String(typeof path === 'string' ? path.split('.')[0] : (path[0] ?? ''));
    if (isRuleField(top) && !errors[top]) errors[top] = message;
  }
  return errors;
}

/** The browser's check with the shared schema: the body to send, or the messages at the fields. */
export function checkRule(
  input: MailRuleInput,
): { ok: true; input: MailRuleInput } | { ok: false; errors: RuleErrors } {
  const parsed = mailRuleInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: ruleErrorsOf(parsed.error.issues) };
}

/** The field messages of a refused save or preview (a 422 with details), or null. */
export function serverRuleErrors(error: unknown): RuleErrors | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null;
  const issues = (error.details as unknown[]).filter(
    (entry): entry is { path: string; message: string } =>
      typeof (entry as { path?: unknown })?.path === 'string' &&
      typeof (entry as { message?: unknown })?.message === 'string',
  );
  const errors = ruleErrorsOf(issues);
  return Object.keys(errors).length > 0 ? errors : null;
}
